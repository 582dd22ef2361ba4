/// One row of a block's `…_onsets.tsv`: a logged onset and the light that showed it.
public struct OnsetCheckRow: Hashable, Sendable {
    public var kind: String
    public var label: String
    /// The onset as the block logged it, on CLOCK_MONOTONIC; nil when the display never reported the frame.
    public var loggedOnset: MonotonicTime?
    /// When the display's figures cannot tell whether the logged refresh or an earlier one
    /// first showed the onset (``PresentationRecord/earliestPossibleTime``): the earliest.
    public var loggedOnsetEarliest: MonotonicTime?
    /// The sensor's edge for the frame that showed it; nil when the sensor saw none.
    public var light: MonotonicTime?
    /// Edges the sensor saw between this frame's start and the next onset frame's: more than one is flicker.
    public var lightEdges: Int

    public init(kind: String, label: String, loggedOnset: MonotonicTime?, loggedOnsetEarliest: MonotonicTime? = nil, light: MonotonicTime?,
                lightEdges: Int) {
        self.kind = kind
        self.label = label
        self.loggedOnset = loggedOnset
        self.loggedOnsetEarliest = loggedOnsetEarliest
        self.light = light
        self.lightEdges = lightEdges
    }

    /// Logged onset minus light, in milliseconds: negative when the log is early.
    public var onsetMinusLightMilliseconds: Double? {
        guard let loggedOnset, let light else { return nil }
        return Double(loggedOnset.since(light)) / 1e6
    }

    /// ``columnsBeforeEarliest`` and, last so tables written before it read as they did, `logged_onset_earliest_s`.
    public static let columns = columnsBeforeEarliest + ["logged_onset_earliest_s"]
    static let columnsBeforeEarliest = ["kind", "label", "logged_onset_s", "light_s", "onset_minus_light_ms", "light_edges"]

    /// The row as the file holds it, with its line feed.
    public var line: String {
        TabSeparated.line([kind, label, TabSeparated.decimal(loggedOnset?.seconds, places: 6), TabSeparated.decimal(light?.seconds, places: 6),
                           TabSeparated.decimal(onsetMinusLightMilliseconds, places: 3), String(lightEdges),
                           TabSeparated.decimal(loggedOnsetEarliest?.seconds, places: 6)])
    }

    /// The rows of an `…_onsets.tsv`, or the first line that is not one (1-based) and why.
    public static func read(_ text: String) -> Result<[OnsetCheckRow], OnsetCheckTableProblem> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard header == columns || header == columnsBeforeEarliest, let header else {
            return .failure(OnsetCheckTableProblem(line: 1, message: "expected the header \(columns.joined(separator: " "))"))
        }
        var rows: [OnsetCheckRow] = []
        for (index, line) in lines.enumerated().dropFirst() {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func time(_ cell: String) -> MonotonicTime?? {
                if cell.isEmpty { return .some(nil) }
                return Double(cell).map { MonotonicTime(nanoseconds: Int64(($0 * 1e9).rounded())) }
            }
            guard cells.count == header.count, let logged = time(cells[2]), let light = time(cells[3]), let edges = Int(cells[5]),
                  let earliest = cells.count > 6 ? time(cells[6]) : .some(nil) else {
                return .failure(OnsetCheckTableProblem(line: index + 1, message: "expected \(header.count) tab-separated cells: "
                    + "a kind, a label, two times in seconds or empty, a difference in ms or empty and a count of edges"
                    + (header.count > 6 ? ", then a time in seconds or empty" : "")))
            }
            rows.append(OnsetCheckRow(kind: cells[0], label: cells[1], loggedOnset: logged, loggedOnsetEarliest: earliest, light: light,
                                      lightEdges: edges))
        }
        return .success(rows)
    }
}

/// Why an `…_onsets.tsv` could not be read.
public struct OnsetCheckTableProblem: Error, Hashable, Sendable {
    public var line: Int
    public var message: String
}
