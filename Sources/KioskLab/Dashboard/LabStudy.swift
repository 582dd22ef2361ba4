import KioskCore

/// One study across kiosks: its participants by group and visit, how the counterbalanced
/// orders are spread, and each block's figures by visit across participants.
public struct LabStudy: Sendable {
    public struct Order: Sendable {
        public var order: String
        public var participants: Int
    }

    /// One figure of one block title, across participants, at each visit.
    public struct Figure: Sendable {
        public var block: String
        public var name: String
        public var visits: [LabFigureSummary]
    }

    public var name: String
    public var roster: LabStudyRoster
    public var visits: [String] { roster.visits }
    public var orders: [Order]
    public var figures: [Figure]

    /// The order a participant's group or counterbalancing decisions put the blocks in, as the
    /// counterbalancing table counts it: each decision (`G: latin-square, participant number 7,
    /// row 2 of 4: A, B`) as its group and blocks (`G: A, B`), without what made it (a
    /// participant number, a seed), which differs from participant to participant.
    static func order(of group: String) -> String {
        group.split(separator: "; ", omittingEmptySubsequences: false).map { decision in
            let parts = decision.split(separator: ": ", maxSplits: 2, omittingEmptySubsequences: false)
            return parts.count == 3 ? "\(parts[0]): \(parts[2])" : String(decision)
        }.joined(separator: "; ")
    }

    /// Nil for a study no kiosk has registered anyone for or run.
    public static func read(_ database: any LabDatabase, study: String, today: CalendarDate) throws -> LabStudy? {
        let roster = try LabStudyRoster.read(database, study: study, today: today)
        guard !roster.participants.isEmpty else { return nil }
        var orderCounts: [String: Int] = [:]
        for participant in roster.participants { orderCounts[participant.group.isEmpty ? "(none)" : order(of: participant.group), default: 0] += 1 }
        let orders = orderCounts.sorted { $0.key < $1.key }.map { Order(order: $0.key, participants: $0.value) }
        let visits = roster.visits

        var values: [String: [String: [String: [Double]]]] = [:], figureOrder: [(String, String)] = []
        for row in try database.run("""
            SELECT b.title, f.name, coalesce(s.visit, ''), f.value
            FROM figure f JOIN block b ON b.kiosk = f.kiosk AND b.journal = f.journal AND b.place = f.place
                          JOIN session s ON s.kiosk = f.kiosk AND s.journal = f.journal
            WHERE s.study = $1 AND b.state = 'complete'
            ORDER BY b.plan_block, f.name
            """, [.text(study)]) {
            let block = row[0] ?? "", name = row[1] ?? ""
            guard let value = Double(row[3] ?? ""), value.isFinite else { continue }
            if values[block]?[name] == nil { figureOrder.append((block, name)) }
            values[block, default: [:]][name, default: [:]][row[2] ?? "", default: []].append(value)
        }
        let figures = figureOrder.map { block, name in
            Figure(block: block, name: name, visits: visits.map { LabFigureSummary(values[block]?[name]?[$0] ?? []) })
        }
        return LabStudy(name: study, roster: roster, orders: orders, figures: figures)
    }
}

/// A figure's values across participants: how many, their mean and standard deviation.
public struct LabFigureSummary: Sendable {
    public var count: Int
    public var mean: Double?
    public var standardDeviation: Double?

    public init(_ values: [Double]) {
        count = values.count
        guard !values.isEmpty else { return }
        let mean = values.reduce(0, +) / Double(values.count)
        self.mean = mean
        if values.count > 1 {
            standardDeviation = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
        }
    }
}
