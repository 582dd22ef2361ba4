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
            path lengths and speeds; per batch: the blocks in order with their times. \
            With --study, a whole study across participants instead, from a kiosk's data folder \
            (--data) or the lab database (--database): the dashboard's study page, by group, \
            condition and visit, written by labkiosk-lab report (docs/dashboard.md).
            """
    )

    @Argument(help: "A session log (.csv), a judgement or prompts log (_judge.tsv, _prompts.tsv), a pad trial (_samples.tsv or its .txt), or a batch session folder.")
    var input: String?

    @Option(help: "The report's folder (default: the input's name with -report).")
    var out: String?

    @Option(help: "A whole study across participants, as its plan names it, instead of an input.")
    var study: String?

    @Option(help: "With --study: a kiosk's data folder.")
    var data: String?

    @Option(help: "With --study: the lab database (postgresql://…; or LABKIOSK_DATABASE).")
    var database: String?

    @Option(help: "With --study and --data: the desk's plans folder, whose visit days make visits due or overdue.")
    var plans: String?

    func validate() throws {
        switch (input, study) {
        case (nil, nil): throw ValidationError("give a session log, trial or batch folder, or --study NAME")
        case (_?, _?): throw ValidationError("give an input or --study, not both")
        case (nil, _?): if out == nil { throw ValidationError("--study needs --out FOLDER") }
        case (_?, nil):
            if data != nil || database != nil || plans != nil { throw ValidationError("--data, --database and --plans go with --study") }
        }
    }

    func run() throws {
        guard let input else {
            let options = [("--study", study), ("--out", out), ("--data", data), ("--database", database), ("--plans", plans)]
            try LabCommand.become(["report"] + options.flatMap { name, value in value.map { [name, $0] } ?? [] })
            return
        }
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
