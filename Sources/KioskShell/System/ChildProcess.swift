import Glibc
import KioskData

/// Runs a helper program to completion and collects what it prints.
enum ChildProcess {
    /// What `executable` writes to standard output when run with `arguments` and exactly
    /// `environment`, or `nil` if it cannot start or does not exit with status 0. Its standard
    /// error is discarded; its standard input is ours.
    static func output(of executable: String, arguments: [String], environment: [String: String]) -> [UInt8]? {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        defer { close(readEnd) }
        // Close-on-exec, so the child keeps only the copy made for its standard output, and
        // the read below ends when the child exits.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child = pid_t()
        let spawnError = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(writeEnd)
        guard spawnError == 0 else { return nil }

        var output: [UInt8] = []
        let readError = FileDescriptorIO.readAll(from: readEnd, into: &output)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        // Swift cannot import WIFEXITED/WEXITSTATUS (macros); a normal exit with status 0 is
        // the only wait status that is 0.
        return status == 0 && readError == nil ? output : nil
    }
}
