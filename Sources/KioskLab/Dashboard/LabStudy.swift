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

/// A figure's values across participants: how many, their mean, standard deviation and the
/// mean's 95 % confidence interval.
public struct LabFigureSummary: Sendable {
    public var count: Int
    public var mean: Double?
    public var standardDeviation: Double?
    /// The mean ± t(0.975, n − 1) · SD / √n; nil for fewer than two values.
    public var confidenceInterval95: ClosedRange<Double>?

    public init(_ values: [Double]) {
        count = values.count
        guard !values.isEmpty else { return }
        let mean = values.reduce(0, +) / Double(values.count)
        self.mean = mean
        if values.count > 1 {
            let deviation = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
            standardDeviation = deviation
            let halfWidth = Self.studentT975(degreesOfFreedom: values.count - 1) * deviation / Double(values.count).squareRoot()
            confidenceInterval95 = (mean - halfWidth)...(mean + halfWidth)
        }
    }

    /// Student's t distribution's 97.5th percentile: exact to three decimals from a table for
    /// few degrees of freedom, then the Cornish–Fisher expansion around the normal's 1.959964
    /// (Abramowitz and Stegun 26.7.5), within 0.001 of the table from 8 on.
    static func studentT975(degreesOfFreedom df: Int) -> Double {
        let table = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365]
        if df >= 1 && df <= table.count { return table[df - 1] }
        let z = 1.959964, n = Double(df)
        let z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z
        return z + (z3 + z) / (4 * n) + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n)
            + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * n * n * n)
    }
}
