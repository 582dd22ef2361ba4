import FoundationEssentials
import Glibc
import KioskCore
import KioskData

/// Writes a report (docs/reports.md): `index.html` and `plots/` holding each plot as SVG and,
/// when `rsvg-convert` (librsvg) is installed, as PNG, in a new or empty folder; nothing is
/// written over another file.
public enum ReportWriter {
    public struct Written: Sendable {
        public var page: String
        public var plots: Int
        public var pngs: Int
        /// What the reader of the terminal should know (no PNGs, files that could not be read).
        public var notes: [String]
    }

    /// Reports on a MATB session log, a judgement or prompts log, a drawing-pad trial or a batch session folder.
    public static func write(_ input: String, to folder: String, version: String) throws(ShellError) -> Written {
        let output = try OutputFolder(folder, inputs: [input])
        let (title, sections) = try self.sections(for: input)
        let plots = sections.flatMap(\.plots)
        var notes: [String] = []
        var pngs = Set<String>()
        let converter = rsvgConvert()
        if converter == nil { notes.append("rsvg-convert (Debian: librsvg2-bin) is not installed: the plots are SVG only") }
        for plot in plots {
            let svg = "plots/" + plot.name + ".svg"
            try output.create(svg, Array(plot.svg.utf8))
            if let converter,
                let png = ChildProcess.output(of: converter, arguments: ["--format", "png", "--zoom", "2", output.stagedPath(svg)], environment: [:]) {
                try output.create("plots/" + plot.name + ".png", png)
                pngs.insert(plot.name)
            }
        }
        if converter != nil && pngs.count < plots.count { notes.append("\(plots.count - pngs.count) plots could not be turned into PNG") }
        try output.create("index.html", Array(ReportPage.html(title: title, sections: sections, pngs: pngs, generator: version).utf8))
        try output.finish()
        return Written(page: URL(fileURLWithPath: folder).appendingPathComponent("index.html").path, plots: plots.count, pngs: pngs.count, notes: notes)
    }

    /// The page's title and sections for an input.
    static func sections(for input: String) throws(ShellError) -> (String, [ReportSection]) {
        var isFolder = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else { throw ShellError("\(input): no such file or folder") }
        if isFolder { return try batchSections(input) }
        if input.hasSuffix(OnsetCheckHost.suffix) {
            return ("Onsets checked: \(URL(fileURLWithPath: input).lastPathComponent)", [onsetSection(input, title: URL(fileURLWithPath: input).lastPathComponent, plotPrefix: "")])
        }
        let fallback = BlockKinds.fallback.log.map { ($0, input) }
        guard let (log, path) = BlockKinds.logs.lazy.compactMap({ log in log.standsFor(input).map { (log, $0) } }).first ?? fallback else {
            throw ShellError("\(input): not a data file labkiosk reports on")
        }
        return ("\(log.reportTitle): \(URL(fileURLWithPath: path).lastPathComponent)", try log.report(path, log.sectionHeading, ""))
    }

    static func batchSections(_ folder: String) throws(ShellError) -> (String, [ReportSection]) {
        let journalPath = URL(fileURLWithPath: folder).appendingPathComponent("batch.txt").path
        let journal: BatchJournal
        do {
            let text = String(decoding: try FileDescriptorIO.readFile(atPath: journalPath), as: UTF8.self)
            journal = try BatchJournal.read(text).get()
        } catch {
            throw ShellError("\(journalPath): \(error) (give a batch session folder, a session log or a pad trial)")
        }
        var sections = [ReportSection(heading: "Blocks", figures: [("participant", journal.participant), ("study", journal.study),
                                                                   ("plan", journal.plan), ("completed", journal.completed ?? "no")]
            + (journal.simulated.map { [("SIMULATED", "no person took part: \($0) (docs/simulate.md)")] } ?? [])
            + journal.blocks.enumerated().map { index, block in
                ("\(index + 1). \(block.title)", "\(block.state.rawValue), \(block.began ?? "not begun") – \(block.ended ?? "not ended")"
                    + (block.figures["block seconds"].map { ", \($0) s" } ?? "")
                    + (BlockDisplaySummary.of(block.figures).map { "; \($0)" } ?? ""))
            } + journal.orderDecisions.map { ("order", $0) })]
        let displayProblems = journal.blocks.enumerated().flatMap { index, block in
            block.displayProblems.map { ("\(index + 1). \(block.title)", $0) }
        }
        if !displayProblems.isEmpty {
            sections.append(ReportSection(heading: "Missed refreshes", figures: displayProblems,
                                          notes: ["Each frame the display showed late while a block ran, and the refreshes it missed (docs/timing.md)."]))
        }
        for (index, block) in journal.blocks.enumerated() {
            for file in block.files + block.partialFiles {
                if file.hasSuffix(OnsetCheckHost.suffix) {
                    sections.append(onsetSection(URL(fileURLWithPath: folder).appendingPathComponent(file).path,
                                                 title: "Block \(index + 1): \(block.title)", plotPrefix: "block\(index + 1)-"))
                    continue
                }
                guard let log = BlockKinds.logs.first(where: { file.hasSuffix($0.suffix) }) else { continue }
                let path = URL(fileURLWithPath: folder).appendingPathComponent(file).path
                let title = "Block \(index + 1): \(block.title)" + (block.partialFiles.contains(file) ? " (partial)" : "")
                let prefix = "block\(index + 1)-" + (block.partialFiles.contains(file) ? "partial-" : "")
                sections += (try? log.report(path, title, prefix)) ?? [ReportSection(heading: title, notes: ["\(file) could not be read"])]
            }
        }
        return ("\(journal.study): participant \(journal.participant)" + (journal.simulated == nil ? "" : " (simulated)"), sections)
    }

    /// A corner patch's `…_onsets.tsv` (docs/timing.md), or a note saying where it cannot be read.
    static func onsetSection(_ path: String, title: String, plotPrefix: String) -> ReportSection {
        let text: String
        do { text = String(decoding: try FileDescriptorIO.readFile(atPath: path), as: UTF8.self) } catch {
            return ReportSection(heading: "Onset − light: " + title, notes: ["\(path) could not be read: \(error)"])
        }
        switch OnsetCheckRow.read(text) {
        case .success(let rows): return OnsetCheckReport.section(rows, title: title, plotPrefix: plotPrefix)
        case .failure(let problem):
            return ReportSection(heading: "Onset − light: " + title, notes: ["\(path):\(problem.line): \(problem.message)"])
        }
    }

    static func rsvgConvert() -> String? {
        ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first { access($0, X_OK) == 0 }
    }
}
