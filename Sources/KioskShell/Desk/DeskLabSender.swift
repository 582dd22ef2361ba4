import Glibc
import KioskCore
import KioskData

/// Sends the desk's data folder to the lab database in the background (docs/lab.md: From the
/// desk): `labkiosk-lab send`, run when ``LabSendSchedule`` says, never waited for; it brings
/// back the lab's roster of the desk's studies. Between sends it runs `labkiosk-lab contact`
/// every minute, so the dashboard soon sees a kiosk that is gone. New data
/// shows as a change of the data folder's catalogue, which a batch writes as each block
/// starts and ends. Its lines go to the desk's log; the database's address reaches it in its
/// environment, not on a command line every user can read.
final class DeskLabSender {
    private let executable: String
    private let database: String
    private let dataDirectory: String
    private let plansFolder: String
    private let log: (String) -> Void
    private var schedule: LabSendSchedule
    private var child: pid_t?
    /// What the running child does: make contact, or send.
    private var childMakesContact = false
    private var output: Int32 = -1
    private var pending: [UInt8] = []
    private var catalogueChanged: Int64
    /// The lab refused this kiosk's role or password (`labkiosk-lab` exit status 3): no later
    /// try gets through until someone puts it right, so none is made until the desk restarts.
    private var signInRefused = false
    private static let signInRefusedStatus: Int32 = 3

    init(executable: String, database: String, dataDirectory: String, plansFolder: String, now: MonotonicTime, log: @escaping (String) -> Void) {
        self.executable = executable
        self.database = database
        self.dataDirectory = dataDirectory
        self.plansFolder = plansFolder
        self.log = log
        schedule = LabSendSchedule(now: now)
        catalogueChanged = Self.lastChange(ofCatalogueIn: dataDirectory)
    }

    deinit {
        if output >= 0 { close(output) }
    }

    /// Reads what a running send said, notices its end and new data, and starts the next send
    /// when it is due.
    func poll(at now: MonotonicTime) {
        if signInRefused { return }
        let changed = Self.lastChange(ofCatalogueIn: dataDirectory)
        if changed != catalogueChanged {
            catalogueChanged = changed
            schedule.newData(at: now)
        }
        if let running = child {
            readOutput()
            var status: Int32 = 0
            guard waitpid(running, &status, WNOHANG) == running else { return }
            readOutput()
            close(output)
            output = -1
            child = nil
            // WEXITSTATUS and WIFEXITED are macros Swift cannot import.
            let exited = status & 0x7F == 0, code = (status >> 8) & 0xFF
            if childMakesContact {
                schedule.contacted(succeeded: exited && code == 0, at: now)
            } else {
                schedule.ended(succeeded: exited && code == 0, at: now)
            }
            if exited && code == Self.signInRefusedStatus {
                signInRefused = true
                log("lab: the lab refused this kiosk's sign-in (its role or password); no more sends until the desk starts again, "
                    + "after the password in ~/.pgpass or the lab's role is put right")
            } else if !(exited && code == 0) {
                log("lab: \(childMakesContact ? "contact" : "send") ended with status \(exited ? code : 128 + (status & 0x7F)); "
                    + "next send in \(Int(Double(schedule.nextAttempt.since(now)) / 1e9)) s")
            }
            return
        }
        if schedule.isDue(at: now) {
            start(["send", "--data", dataDirectory, "--plans", plansFolder], at: now)
        } else if schedule.isContactDue(at: now) {
            start(["contact"], at: now)
        }
    }

    /// When the catalogue (its file or, in WAL mode, its log) was last written, in nanoseconds.
    private static func lastChange(ofCatalogueIn dataDirectory: String) -> Int64 {
        let path = dataDirectory + "/" + SessionCatalogue.fileName
        return [path, path + "-wal"].map { file -> Int64 in
            var status = stat()
            guard stat(file, &status) == 0 else { return 0 }
            return Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        }.max() ?? 0
    }

    private func start(_ command: [String], at now: MonotonicTime) {
        childMakesContact = command.first == "contact"
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            log("lab: cannot make a pipe: \(FileDescriptorIO.describe(errno: errno))")
            schedule.ended(succeeded: false, at: now)
            return
        }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDERR_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[1])
        var environment: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if !text.hasPrefix("LABKIOSK_DATABASE=") { environment.append(text) }
            index += 1
        }
        environment.append("LABKIOSK_DATABASE=" + database)
        let arguments: [String] = [executable] + command
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var spawned = pid_t()
        let error = posix_spawn(&spawned, executable, &actions, nil, argv, envp)
        close(ends[1])
        guard error == 0 else {
            close(ends[0])
            log("lab: cannot start \(executable): \(FileDescriptorIO.describe(errno: error))")
            schedule.ended(succeeded: false, at: now)
            return
        }
        child = spawned
        output = ends[0]
    }

    private func readOutput() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while output >= 0 {
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            pending += buffer[0..<count]
        }
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[..<newline], as: UTF8.self)
            pending.removeSubrange(...newline)
            log("lab: " + (line.hasPrefix("labkiosk-lab: ") ? String(line.dropFirst(14)) : line))
        }
    }
}
