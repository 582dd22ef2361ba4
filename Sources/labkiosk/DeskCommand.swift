import ArgumentParser
import Glibc
import KioskCore
import KioskData
import KioskShell

/// `labkiosk desk`: the kiosk's home screen, where staff start each participant's visit.
struct DeskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "desk",
        abstract: "The kiosk's front desk: staff unlock it with a PIN and start, resume or repeat a participant's visit.",
        discussion: """
            Locked, the desk shows the lab's name and asks the participant to call the experimenter. Staff \
            unlock it with the PIN on its pad (five wrong PINs lock the pad for a minute) or the experimenter \
            chord; choose a study (the plans in the plans folder; one with errors is shown unavailable, with \
            the first problem `check` finds); type or scan the participant's ID; and see their visits: done, \
            due, early or overdue, and their figures so far. A visit starts as `labkiosk batch` with the \
            same files, journal and catalogue; a visit outside its window, or one run again, needs staff to \
            confirm, which the journal records. When the batch ends the desk comes back, locked. Settings \
            (lab, plans, data, pin_hash, settings) are read from --config (docs/desk.md); \
            `labkiosk desk --hash-pin` reads a PIN on standard input and prints the line that keeps its hash. \
            Every unlock, wrong PIN, start and end is logged to DATA/desk-log.txt and standard output.
            """
    )

    @Option(help: "The desk's settings file.")
    var config = "/etc/labkiosk/desk.toml"

    @Flag(name: .customLong("hash-pin"), help: "Read a PIN (4 to 12 digits) on standard input, print the pin_hash line for the settings file, and exit.")
    var hashPIN = false

    @OptionGroup(title: "Window")
    var window: WindowArguments

    @Flag(help: "Kiosk mode: the window cannot be closed, and each batch runs in kiosk mode too (docs/plans.md: Kiosk mode).")
    var kiosk = false

    func run() throws {
        if hashPIN { return try printHash() }
        let configuration = try readConfiguration()
        let paths = try InstallPaths()
        var settings = Settings()
        if let file = configuration.settings {
            let (read, warnings) = SettingsReader.read(try textOrExit(file, what: "the settings file the desk names"), file: file)
            for warning in warnings { printError(warning.description) }
            settings = read
        }
        var commandLine = RunOptions.CommandLine()
        commandLine.fullscreen = window.fullscreen ? true : nil
        commandLine.screenIndex = window.screen
        commandLine.windowSize = window.size.map { ($0.width, $0.height) }
        commandLine.kiosk = kiosk
        commandLine.dataDirectory = configuration.data
        let options = RunOptions.resolve(commandLine: commandLine, settings: settings, joystick: JoystickOptions(backend: .none))
        if let problem = DataFolder.problem(configuration.data) {
            printError("labkiosk: \(problem); the desk did not start")
            throw ExitCode(64)
        }
        var batchArguments: [String] = []
        if window.fullscreen { batchArguments.append("--fullscreen") }
        if let size = window.size { batchArguments += ["--size", "\(size.width)x\(size.height)"] }
        if let screen = window.screen { batchArguments += ["--screen", "\(screen)"] }
        if kiosk { batchArguments.append("--kiosk") }
        let records = DeskRecords(plansFolder: configuration.plans, dataDirectory: configuration.data,
                                  roster: SharedRoster(dataDirectory: configuration.data), bundledIncludes: paths.bundledIncludes)
        let runner = DeskRunner(configuration: configuration, records: records, options: options, batchArguments: batchArguments,
                                executable: ownExecutablePath)
        try runner.run()
    }

    private func readConfiguration() throws -> DeskConfiguration {
        let text: String
        switch FileDescriptorIO.readText(atPath: config, limit: FileDescriptorIO.largestWrittenFile) {
        case .success(let read): text = read
        case .failure(let refusal):
            printError("labkiosk: \(config): cannot read the desk's settings: \(refusal.reason)")
            throw ExitCode(64)
        }
        switch DeskConfigurationReader.read(text, file: config) {
        case .success(let configuration):
            guard PasswordHash.isHash(configuration.pinHash) else {
                printError("\(config): `pin_hash` is not a hash this machine can check; make one with `labkiosk desk --hash-pin`")
                throw ExitCode(64)
            }
            // A desk with no plans folder would offer no study and say nothing of why.
            var folder = stat()
            guard stat(configuration.plans, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR else {
                printError("\(config): `plans` names \(configuration.plans), which is not a folder here; the desk did not start")
                throw ExitCode(64)
            }
            return configuration
        case .failure(let errors):
            for diagnostic in errors.diagnostics { printError(diagnostic.description) }
            printError("\(config): the desk's settings have errors; the desk did not start")
            throw ExitCode(64)
        }
    }

    private func printHash() throws {
        // At most a line of 64 bytes: a PIN is 4 to 12 digits, and standard input may be endless.
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count <= 64, read(STDIN_FILENO, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        guard !bytes.isEmpty || byte == UInt8(ascii: "\n") else {
            printError("labkiosk: no PIN on standard input")
            throw ExitCode(64)
        }
        guard bytes.count <= 64 else {
            printError("labkiosk: the PIN is 4 to 12 digits on one line; standard input held more")
            throw ExitCode(64)
        }
        let line = String(decoding: bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...], as: UTF8.self)
        if let problem = StaffPIN.problem(line) {
            printError("labkiosk: \(problem)")
            throw ExitCode(64)
        }
        print("pin_hash = \"\(try PasswordHash.hash(line))\"")
    }
}
