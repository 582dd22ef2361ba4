/// What a block's corner patch found: how many logged onsets the light confirmed, onset − light
/// per kind, and each problem that keeps the check from standing (docs/timing.md).
public struct OnsetCheckSummary: Sendable {
    public var onsets: Int
    public var seen: Int
    /// Onsets the display's figures could not pin to one refresh (``OnsetCheckRow/loggedOnsetEarliest``).
    public var uncertain: Int
    /// Frames (not onsets) whose window held more than one edge.
    public var flickeringFrames: Int
    /// Edges the sensor saw in all.
    public var edges: Int
    /// Logged onset − light over every seen onset, then per kind in the order kinds first appear.
    public var overall: TimingSummary.Spread?
    public var byKind: [(kind: String, spread: TimingSummary.Spread?, onsets: Int)]

    public init(rows: [OnsetCheckRow], flickeringFrames: Int, edges: Int) {
        onsets = rows.count
        seen = rows.filter { $0.light != nil }.count
        uncertain = rows.filter { $0.loggedOnsetEarliest != nil }.count
        self.flickeringFrames = flickeringFrames
        self.edges = edges
        overall = TimingSummary.Spread(rows.compactMap(\.onsetMinusLightMilliseconds))
        var kinds: [String] = []
        for row in rows where !kinds.contains(row.kind) { kinds.append(row.kind) }
        byKind = kinds.map { kind in
            let ofKind = rows.filter { $0.kind == kind }
            return (kind, TimingSummary.Spread(ofKind.compactMap(\.onsetMinusLightMilliseconds)), ofKind.count)
        }
    }

    /// From a block's frames and the sensor's edges.
    public init(frames: [OnsetFrame], rows: [OnsetCheckRow], edges: [LightEdge]) {
        let flickering = frames.indices.filter { index in
            let start = frames[index].frameStart, end = index + 1 < frames.count ? frames[index + 1].frameStart : nil
            return edges.filter { edge in edge.time >= start && (end.map { edge.time < $0 } ?? true) }.count > 1
        }.count
        self.init(rows: rows, flickeringFrames: flickering, edges: edges.count)
    }

    /// What keeps the figures from standing, each said plainly; empty when they stand.
    public func problems(sensor: String) -> [String] {
        guard onsets > 0 else { return [] }
        // Edges outside every onset's window (the screens around the block) are not the patch's.
        if seen == 0 {
            return ["the light sensor \(sensor) never saw light from the patch (\(edges) edges, none when an onset turned the patch): "
                + "is it on the patch's corner, facing the screen, and its comparator set below white?"]
        }
        var problems: [String] = []
        if flickeringFrames > 0 {
            problems.append("the light sensor \(sensor) sees flicker: \(flickeringFrames) onset frames turned it more than once "
                + "(a backlight dimmed by pulsing, or a threshold too near the patch's light)")
        }
        if seen < onsets { problems.append("\(onsets - seen) of \(onsets) onsets were not seen by the light sensor") }
        return problems
    }

    /// The summary, a line each: the count, then onset − light over all and per kind.
    public var lines: [String] {
        func ms(_ value: Double) -> String { TabSeparated.decimal(value, places: 3) }
        func spread(_ figures: TimingSummary.Spread?) -> String {
            guard let figures else { return "not seen" }
            return "mean \(ms(figures.mean)) ms, SD \(ms(figures.standardDeviation)) ms, |p99| \(ms(figures.p99Absolute)) ms"
        }
        // Said only when there are any: they are rare (7 frames in 2,435 under Xvfb), and the line stays as it was without.
        let uncertainText = uncertain > 0 ? ", \(uncertain) uncertain (logged at the later refresh)" : ""
        return ["onsets checked: \(seen) of \(onsets) seen, \(edges) light edges, \(flickeringFrames) flickering frames" + uncertainText,
                "onset - light: " + spread(overall)]
            + byKind.map { "onset - light, \($0.kind) (\($0.onsets)): " + spread($0.spread) }
    }
}
