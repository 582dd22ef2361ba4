import Glibc
import KioskData

/// Runs another labkiosk command (the desk's batches and self-checks, `simulate`'s visits) and
/// waits for it: its standard output and error pass through to this process's own (the system
/// journal, on a kiosk) unless told otherwise, and the last lines are kept to show why it ended
/// as it did. `whileRunning` is called at least once a second meanwhile (the lab's sender goes on).
public enum CommandChildProcess {
    public struct Ended {
        /// The exit status, or 128 + N when signal N ended it.
        public var status: Int32
        public var lastLines: [String]
    }

    /// - Parameter passThrough: whether what the command prints is printed here as it comes.
    public static func run(_ executable: String, _ arguments: [String], extraEnvironment: [String: String] = [:], keepLines: Int = 6,
                           passThrough: Bool = true, whileRunning: () -> Void = {}) throws -> Ended {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw ShellError("cannot make a pipe: \(FileDescriptorIO.describe(errno: errno))") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        defer { close(readEnd) }
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDERR_FILENO)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        var environment: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if !extraEnvironment.keys.contains(where: { text.hasPrefix($0 + "=") }) { environment.append(text) }
            index += 1
        }
        environment += extraEnvironment.map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child = pid_t()
        let spawnError = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(writeEnd)
        guard spawnError == 0 else { throw ShellError("cannot start \(executable): \(FileDescriptorIO.describe(errno: spawnError))") }
        var pending: [UInt8] = []
        var lines: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var passedOn = false
        while true {
            whileRunning()
            // Signal handlers restart reads, so the desk looks for a stop at least once a second:
            // when it is being stopped (systemd, Ctrl-C) the batch stops too, resumable.
            var waiting = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            // A signal ends the wait early (EINTR): look at it at once.
            if poll(&waiting, 1, 1000) <= 0 {
                if !passedOn, let signal = TerminationSignal.receivedSignal {
                    kill(child, signal)
                    passedOn = true
                }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            let chunk = Array(buffer[0..<count])
            if passThrough { StandardStream.output.write(String(decoding: chunk, as: UTF8.self)) }
            pending += chunk
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
                if lines.count > keepLines { lines.removeFirst() }
            }
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS are macros Swift cannot import.
        let signalNumber = status & 0x7F
        return Ended(status: signalNumber == 0 ? (status >> 8) & 0xFF : 128 + signalNumber, lastLines: lines)
    }
}
