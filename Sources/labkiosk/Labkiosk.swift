import ArgumentParser
import KioskCore
import KioskData

/// The `labkiosk` command: run a block, run a study, look back at data, set up.
@main
struct Labkiosk: ParsableCommand {
    static let version = LabkioskVersion.current

    static let configuration = CommandConfiguration(
        commandName: "labkiosk",
        abstract: "Run OpenMATB-compatible experiments on Linux kiosks and workstations.",
        version: version,
        groupedSubcommands: [
            CommandGroup(name: "Run a block", subcommands: [MATBCommand.self, PadCommand.self, JudgeCommand.self, PromptsCommand.self]),
            CommandGroup(name: "Run a study", subcommands: [DeskCommand.self, BatchCommand.self, SimulateCommand.self, SessionsCommand.self, RosterCommand.self, RecoverCommand.self,
                                                            LabCommand.self]),
            CommandGroup(name: "Look back", subcommands: [ReplayCommand.self, VerifyCommand.self, CompareCommand.self, ReportCommand.self,
                                                          ExportCommand.self]),
            CommandGroup(name: "Set up", subcommands: [CheckCommand.self, DevicesCommand.self, TimingCommand.self, GenerateCommand.self]),
        ]
    )

    static func main() {
        // What every command reads before its own options: a test clock that is no time.
        if let problem = WallClock.environmentProblem {
            printError("labkiosk: \(problem); nothing was started")
            Self.exit(withError: ExitCode(64))
        }
        main(nil)
    }
}
