import ArgumentParser
import KioskCore
import KioskData
import KioskShell

/// `labkiosk roster`: who takes part in which study, for lab staff (docs/desk.md: The roster).
struct RosterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster",
        abstract: "List the participants registered in the data folder's roster; record a withdrawal.",
        discussion: """
            The roster (DATA/roster.txt) lists each participant of each study: registered at their first \
            visit (by the desk, or by `labkiosk batch` for a plan with visits) with the order their first \
            visit fixed, and withdrawn when staff record it. It is appended to, never rewritten. A withdrawn \
            participant's files are kept; no batch starts for them again.
            """,
        subcommands: [List.self, Withdraw.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the roster.")

        @Option(help: "The data folder (default: sessions).")
        var data = RunOptions.defaultDataDirectory

        @Option(help: "Only this study's participants.")
        var study: String?

        func run() throws {
            let reading = try SharedRoster(dataDirectory: data).read()
            // Damaged lines are named, and the rest of the roster listed all the same.
            for problem in reading.problems { printError("labkiosk: \(problem)") }
            let entries = reading.entries.filter { study == nil || $0.study == study }
            guard !entries.isEmpty else {
                print("no participant is registered\(study.map { " for \($0)" } ?? "") in \(data)")
                return
            }
            for entry in entries {
                var line = "\(entry.participant)  \(entry.study)  registered \(entry.registered)"
                if let withdrawal = entry.withdrawal { line += "  withdrawn \(withdrawal.time) by \(withdrawal.by)" + (withdrawal.reason.isEmpty ? "" : ": \(withdrawal.reason)") }
                if !entry.notes.isEmpty { line += "  notes: \(entry.notes)" }
                print(line)
            }
        }
    }

    struct Withdraw: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Record that a participant withdrew from a study (their files are kept).")

        @Argument(help: "The participant.")
        var participant: String

        @Option(help: "The study they withdrew from.")
        var study: String

        @Option(help: "Who records it (logged).")
        var by: String

        @Option(help: "Why, in a few words (logged).")
        var reason = ""

        @Option(help: "The data folder (default: sessions).")
        var data = RunOptions.defaultDataDirectory

        func run() throws {
            let withdrawal = RosterEntry.Withdrawal(time: BatchJournal.time(WallClock.localDateTime()), by: by, reason: reason)
            do { try SharedRoster(dataDirectory: data).withdraw(participant: participant, study: study, withdrawal) } catch {
                printError("labkiosk: \(error)")
                throw ExitCode(1)
            }
            print("labkiosk: \(participant) withdrew from \(study) (\(withdrawal.time)); their files are kept")
        }
    }
}
