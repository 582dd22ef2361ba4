import ArgumentParser
import KioskShell

/// `labkiosk report`: an HTML page with plots of a session, a pad trial or a batch (docs/reports.md).
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write an HTML report with plots of a MATB session, a judgement or prompts block, a drawing-pad trial or a batch session.",
        discussion: """
            The report is OUT/index.html with its plots in OUT/plots, as SVG and (with rsvg-convert, \
            Debian's librsvg2-bin) PNG; it opens offline in any browser. OUT must be new or empty; it is \
            written whole or not at all. \
            Per MATB block: tracking error over time and time in target, system-monitoring and \
            communications outcomes and response times, each tank against its tolerance band, \
            questionnaire scores; per judgement block: accuracy and median response time per \
            condition (d′ for go/no-go) and every answer's response time; per prompt sequence: the \
            timeline of its phases, pauses and help; per pad trial: the drawing, strokes, durations, \
            path lengths and speeds; per batch: the blocks in order with their times.
            """
    )

    @Argument(help: "A session log (.csv), a judgement or prompts log (_judge.tsv, _prompts.tsv), a pad trial (_samples.tsv or its .txt), or a batch session folder.")
    var input: String

    @Option(help: "The report's folder (default: the input's name with -report).")
    var out: String?

    func run() throws {
        let folder = out ?? (input.hasSuffix("/") ? String(input.dropLast()) : input) + "-report"
        do {
            let written = try ReportWriter.write(input, to: folder, version: Labkiosk.version)
            for note in written.notes { printError("labkiosk: note: \(note)") }
            print("\(written.page): \(written.plots) plots (\(written.pngs) as PNG too)")
        } catch {
            printError("labkiosk: \(error)")
            throw ExitCode(1)
        }
    }
}
