/// A trial's final files, composed from its journal: the main log, `_strokes.txt` and
/// `_keys.txt` as InteractLog 2.3 writes them, the samples file, and the strokes still on the
/// pad for `_img.png`.
public struct PadTrialFiles: Sendable {
    public var main: String
    public var strokes: String
    public var keys: String
    public var samples: String
    /// The strokes on the pad at the end, in pad pixels (y down), oldest first.
    public var ink: [[Point]]
    /// Composed from a journal the trial never closed.
    public var recovered: Bool

    /// Composes the files. A journal a crash left open gets `Trial End` from its Trial Start
    /// plus the time its last entry carries, and says so in the samples file.
    public static func compose(_ journal: PadJournal.Contents) -> PadTrialFiles {
        let recovered = journal.trialEndLine == nil
        let trialEnd = journal.trialEndLine ?? InteractLogHeader.line("Trial End", estimatedEnd(journal))
        let header = (journal.headerLines + [trialEnd, ""]).map { $0 + "\n" }.joined()
        func file(_ lines: [String]) -> String { header + lines.map { $0 + "\n" }.joined() }

        var samples = "# labkiosk drawing-pad samples 1\n"
        for line in journal.information { samples += "# \(line)\n" }
        samples += "# sampling: \(SamplingRate.describe(journal.samples))\n"
        if recovered { samples += "# recovered: the trial did not end; Trial End is its last entry's time\n" }
        samples += PadSampleRow.columns.joined(separator: "\t") + "\n"
        for row in journal.samples { samples += row.line + "\n" }

        return PadTrialFiles(main: file(journal.events), strokes: file(journal.strokes), keys: file(journal.keys),
                             samples: samples, ink: ink(journal.samples), recovered: recovered)
    }

    /// The strokes drawn and not taken back, from the samples.
    static func ink(_ rows: [PadSampleRow]) -> [[Point]] {
        var order: [Int] = []
        var points: [Int: [Point]] = [:]
        var removed = Set<Int>()
        for row in rows {
            switch row.kind {
            case .sample:
                guard let stroke = row.stroke, let x = row.x, let y = row.y else { continue }
                if points[stroke] == nil { order.append(stroke) }
                points[stroke, default: []].append(Point(x, y))
            case .undo, .erase:
                for number in row.detail.split(separator: " ").compactMap({ Int($0) }) { removed.insert(number) }
            case .control, .dropped, .device, .uncertain:
                continue
            }
        }
        return order.filter { !removed.contains($0) }.compactMap { points[$0] }
    }

    private static func estimatedEnd(_ journal: PadJournal.Contents) -> String {
        let startLine = journal.headerLines[10]
        let value = String(startLine.dropFirst(InteractLogHeader.labelWidth + 1))
        guard let start = InteractLogNames.parseHeaderDate(value) else { return value }
        // A length past any real trial (a damaged journal's times) keeps the start as written.
        let seconds = Int(journal.lastTime.since(journal.start) / 1_000_000_000)
        guard abs(seconds) < 315_000_000_000 else { return value }
        return InteractLogNames.headerDate(start.adding(seconds: seconds))
    }
}

/// The rate a device delivered samples at, measured over the samples in contact.
enum SamplingRate {
    static func describe(_ rows: [PadSampleRow]) -> String {
        var descriptions: [String] = []
        for tool in PointerTool.allCases {
            var intervals: [Int64] = []
            var previous: (stroke: Int, time: MonotonicTime)?
            for row in rows where row.kind == .sample && row.tool == tool {
                guard let stroke = row.stroke else { previous = nil; continue }
                if let previous, previous.stroke == stroke { intervals.append(row.eventTime.since(previous.time)) }
                previous = (stroke, row.eventTime)
            }
            guard !intervals.isEmpty else { continue }
            intervals.sort()
            let median = intervals[intervals.count / 2]
            let hertz = median > 0 ? TabSeparated.decimal(1e9 / Double(median), places: 1) + " Hz" : "more than one sample at a time"
            descriptions.append("\(tool.rawValue) \(hertz) (median of \(intervals.count) intervals in contact)")
        }
        return descriptions.isEmpty ? "no samples in contact" : descriptions.joined(separator: "; ")
    }
}
