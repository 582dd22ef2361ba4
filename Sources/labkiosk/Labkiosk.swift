import ArgumentParser

/// The `labkiosk` command: MATB sessions, drawing-pad trials, file checks and input devices.
@main
struct Labkiosk: ParsableCommand {
    /// Written in each session log's `version` row.
    static let version = "labkiosk 0.2.0"

    static let configuration = CommandConfiguration(
        commandName: "labkiosk",
        abstract: "Run OpenMATB-compatible experiments on Linux kiosks and workstations.",
        version: version,
        subcommands: [MATBCommand.self, PadCommand.self, JudgeCommand.self, PromptsCommand.self, BatchCommand.self, SessionsCommand.self, ReplayCommand.self, VerifyCommand.self, CompareCommand.self, ReportCommand.self, ExportCommand.self, RecoverCommand.self, CheckCommand.self, DevicesCommand.self]
    )
}
