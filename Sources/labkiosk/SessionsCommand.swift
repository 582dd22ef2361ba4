import ArgumentParser
import Glibc
import KioskCore
import KioskData
import KioskShell

/// `labkiosk sessions`: the session catalogue, for lab staff. It reads and rebuilds the
/// catalogue; nothing in it can change what a running batch does.
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List the batch sessions in the data folder's catalogue; verify their files; watch running ones.",
        discussion: """
            The catalogue (DATA/catalogue.sqlite) indexes every batch session: participant, study, \
            blocks, times, state (complete, running, interrupted), figures, and each file with its size \
            and SHA-256. It is built from the batch journals (DATA/<participant>/<session>/batch.txt), which \
            stay the source of truth: a missing or damaged catalogue is rebuilt from them. DATA must exist; \
            one this process cannot write is read without writing (the list and --verify work, --rebuild is refused). \
            Exit status 1 when --verify finds a file changed or missing.
            """
    )

    @Option(name: [.customLong("data"), .customLong("sessions")], help: "The data folder (default: sessions).")
    var data = RunOptions.defaultDataDirectory

    @Option(help: "Only this participant's sessions, each with its blocks, figures and files.")
    var participant: String?

    @Flag(help: "Only sessions not complete (running or interrupted).")
    var incomplete = false

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Flag(help: "Recompute every file's SHA-256 and compare it with the catalogue's.")
    var verify = false

    @Flag(help: "Rebuild the catalogue from the batch journals and data files.")
    var rebuild = false

    @Flag(help: "Redraw the list every second, with running sessions' progress (Ctrl-C ends).")
    var watch = false

    func validate() throws {
        if watch && (json || verify || rebuild) { throw ValidationError("--watch shows the list; it does not go with --json, --verify or --rebuild") }
    }

    func run() throws {
        let catalogue: SessionCatalogue
        do {
            let opened = try SessionCatalogue.openForReading(dataDirectory: data)
            for warning in opened.warnings { printError("labkiosk: \(warning)") }
            catalogue = opened.catalogue
        } catch {
            printError("labkiosk: \(error)")
            throw ExitCode(1)
        }
        if rebuild && catalogue.isInMemory {
            printError("labkiosk: \(data): this folder cannot be written, so its catalogue cannot be rebuilt; the list and --verify work from its journals")
            throw ExitCode(1)
        }
        if rebuild {
            var problems = 0
            let count = try catalogue.rebuild { problem in
                problems += 1
                printError("labkiosk: \(problem)")
            }
            print("catalogue rebuilt from \(count) batch journal(s)\(problems > 0 ? "; \(problems) could not be read" : "")")
            if problems > 0 { throw ExitCode(1) }
            return
        }
        if verify {
            let (checked, problems) = try catalogue.verify()
            for problem in problems { print(problem) }
            print(problems.isEmpty ? "\(checked) file(s) checked: every checksum matches" : "\(checked) file(s) checked: \(problems.count) problem(s)")
            if !problems.isEmpty { throw ExitCode(1) }
            return
        }
        guard watch else {
            // Sessions a crash kept out of the catalogue are in their journals.
            for journal in SessionCatalogue.journals(under: data) {
                do { try catalogue.index(journal: journal) } catch { printError("labkiosk: \(error); that session is not listed") }
            }
            StandardStream.output.write(try listing(catalogue))
            return
        }
        while true {
            // A catalogue in memory hears of no batch: the journals say what changed.
            if catalogue.isInMemory { for journal in SessionCatalogue.journals(under: data) { try? catalogue.index(journal: journal) } }
            let text = try listing(catalogue)
            // Home and clear, then the list: a second terminal or an ssh login sees it redrawn in place.
            StandardStream.output.write("\u{1B}[H\u{1B}[2J" + "labkiosk sessions in \(data), \(WallClock.clockText(Int64(WallClock.now()), seconds: true))\n\n" + text)
            sleep(1)
        }
    }

    private func listing(_ catalogue: SessionCatalogue) throws -> String {
        let sessions = try catalogue.sessions(participant: participant, incompleteOnly: incomplete)
        if json { return SessionListing.json(sessions) }
        return SessionListing.table(sessions, details: participant != nil, now: Int64(WallClock.now())) { WallClock.clockText($0, seconds: false) }
    }
}
