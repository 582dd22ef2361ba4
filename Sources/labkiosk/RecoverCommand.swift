import ArgumentParser
import KioskShell

/// `labkiosk recover`: turn drawing-pad journals a crash left into trial files.
struct RecoverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover",
        abstract: "Turn drawing-pad trial journals left by a crash into trial files marked (recovered).",
        discussion: """
            Searches DIR and its folders for *_journal.txt. Each becomes the trial's files under the \
            stem `<stem> (recovered)`; Trial End is the Trial Start plus the time of the journal's \
            last entry. Nothing that exists is replaced. A journal a running trial holds (its lock) \
            is left alone and said so. `labkiosk pad` does the same at start.
            """
    )

    @Argument(help: "The data folder (default: sessions).")
    var directory = RunOptions.defaultDataDirectory

    func run() throws {
        let journals = PadTrialStorage.journals(under: directory)
        if journals.isEmpty { print("\(directory): no journal to recover") }
        var failed = false
        for journal in journals {
            do {
                for file in try PadTrialStorage.complete(journal: journal) { print(file) }
            } catch let live as PadTrialStorage.JournalInUse {
                print("\(live)")
            } catch {
                failed = true
                printError("labkiosk: \(journal): \(error)")
            }
        }
        if failed { throw ExitCode(1) }
    }
}
