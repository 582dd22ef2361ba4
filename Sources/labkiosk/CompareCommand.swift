import ArgumentParser
import KioskCore
import KioskData
import KioskShell

/// `labkiosk compare`: two session logs of the same scenario, address by address (docs/compare.md).
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two session logs of the same scenario, such as OpenMATB's and labkiosk's, address by address.",
        discussion: """
            Rows are grouped by type, module and address, and paired in four steps: the same value at \
            the same scenario time (within 1 ms) is exact; the same value at another time is shifted \
            (paired in order of time); a different value at the same time differs; the rest is in one \
            log only. Prints how many addresses match row for row, a summary of those whose values only \
            came at other times, and a table of the others with examples, then a verdict. logtime is not \
            compared, nor version, scenario_path, labkiosk's settings rows and the memory addresses in \
            OpenMATB's widget handles. docs/compare.md says how to record the OpenMATB log. \
            Exit status: 0 identical, 1 the logs differ (or only in time), 2 a log cannot be read.
            """
    )

    @Argument(help: "The first session log (.csv), e.g. OpenMATB's.")
    var first: String

    @Argument(help: "The second session log (.csv), e.g. labkiosk's.")
    var second: String

    @Option(help: "Examples shown of each kind of mismatch, per address.")
    var examples = 3

    func validate() throws {
        if examples < 0 { throw ValidationError("--examples must be 0 or more") }
    }

    func run() throws {
        let firstRows: [SessionLogRow], secondRows: [SessionLogRow]
        do {
            firstRows = try SessionLogFile.read(first).rows
            secondRows = try SessionLogFile.read(second).rows
        } catch {
            printError("labkiosk: \(error)")
            throw ExitCode(2)
        }
        let comparison = SessionLogComparison(firstRows, secondRows, examplesPerOutcome: examples)
        print(comparison.text(first: (first, SessionLogHeader(rows: firstRows).version),
                              second: (second, SessionLogHeader(rows: secondRows).version)))
        if comparison.verdict != .identical { throw ExitCode(1) }
    }
}
