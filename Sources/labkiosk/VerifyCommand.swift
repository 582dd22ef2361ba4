import ArgumentParser
import KioskCore
import KioskData
import KioskShell

/// `labkiosk verify`: runs a logged MATB session again from its scenario, settings and
/// inputs, and compares every row with the log (docs/verify.md).
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Run a MATB session again from its log and check that every row comes out the same.",
        discussion: """
            The session is run again from the scenario the log names, the settings rows labkiosk writes \
            after scenario_path, and every input the log holds (keys, joystick, touches, clicks, dialogs \
            closed), and each row it writes is compared with the log's, every column but logtime (the \
            wall clock's). Prints "identical, N rows", or the first row that differs with its line. \
            A log a crash cut short is checked as far as it goes. Paths in scenario_path are relative \
            to the folder labkiosk was started in. \
            Exit status: 0 identical, 1 a row differs, 2 the log cannot be run again (unreadable, \
            written by OpenMATB, a scenario with errors).
            """
    )

    @Argument(help: "Session logs (.csv) written by labkiosk matb or batch.")
    var logs: [String]

    @Option(help: "The scenario file to run instead of the one the log names (one log only).")
    var scenario: String?

    func validate() throws {
        if logs.isEmpty { throw ValidationError("give at least one session log") }
        if scenario != nil && logs.count > 1 { throw ValidationError("--scenario goes with a single log") }
    }

    func run() throws {
        let paths = try InstallPaths()
        var worst: Int32 = 0
        for log in logs {
            worst = max(worst, verify(log, paths: paths))
        }
        if worst != 0 { throw ExitCode(worst) }
    }

    /// Verifies one log and prints what came of it; returns its exit status.
    private func verify(_ log: String, paths: InstallPaths) -> Int32 {
        let logged: LoggedSession
        do {
            logged = try LoggedSession(logPath: log, scenarioFile: scenario, paths: paths, version: Labkiosk.version)
        } catch .noRows {
            print("\(log): nothing to run again: the log has no rows (its session was stopped before it wrote any)")
            return 0
        } catch {
            printError("labkiosk: \(error)")
            return 2
        }
        for note in logged.notes { printError("\(log): note: \(note)") }
        let started = MonotonicClock.now()
        let outcome = SessionLogVerification.compare(logged.rows, with: logged.reenactment())
        let seconds = Double(MonotonicClock.now().since(started)) / 1e9
        let timing = String(cFormat: "%.2f s", seconds)
        switch outcome {
        case .identical(let rows):
            print("\(log): identical, \(rows) rows (\(timing))")
            return 0
        case .identicalAsFarAsItGoes(let rows):
            let end = logged.rows.last?.scenarioTime ?? "0"
            print("\(log): identical as far as it goes, \(rows) rows; the log stops at \(end) s without an end row (the session was interrupted) (\(timing))")
            return 0
        case .diverged(let divergence):
            print(describe(divergence, in: logged))
            return 1
        case .waitingForInput(let rows, let next):
            print("""
                \(log):\(next.line): cannot go on after \(rows) identical rows: at \(next.scenarioTime) s the session waits \
                for the participant and the log holds no input that answered
                  next logged row: \(next.timelessText)
                """)
            return 1
        }
    }

    private func describe(_ divergence: SessionLogVerification.Divergence, in logged: LoggedSession) -> String {
        let log = logged.logPath
        var lines: [String]
        switch (divergence.logged, divergence.reenacted) {
        case (let row?, let reenacted?):
            lines = ["\(log):\(row.line): differs after \(divergence.rowsChecked) identical rows",
                     "  logged:       \(row.timelessText)",
                     "  run again:    \(reenacted)"]
        case (let row?, nil):
            lines = ["\(log):\(row.line): the session run again ended (or went quiet) after \(divergence.rowsChecked) identical rows; the log goes on",
                     "  logged:       \(row.timelessText)"]
        case (nil, let reenacted?):
            lines = ["\(log): the log ends after \(divergence.rowsChecked) identical rows; the session run again goes on",
                     "  run again:    \(reenacted)"]
        case (nil, nil):
            lines = ["\(log): differs after \(divergence.rowsChecked) identical rows"]
        }
        if logged.scenarioChanged { lines.append("  (\(logged.scenarioFile) changed since the session: see the note above)") }
        return lines.joined(separator: "\n")
    }
}
