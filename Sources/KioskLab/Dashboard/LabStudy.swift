/// One study across kiosks: its participants by visit, how the counterbalanced orders are
/// spread, and each block's figures by visit across participants.
public struct LabStudy: Sendable {
    public struct Participant: Sendable {
        public var id: String
        /// One per visit of the study, in `visits`' order.
        public var visits: [Visit]
    }

    /// A participant's sessions at one visit, the latest last.
    public struct Visit: Sendable {
        /// `completed`, `declined`, `unfinished`, or empty when there is no session yet.
        public var state: String
        public var started: String
        public var kiosk: String
    }

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
    /// The study's visits in the order they were first run ("" for sessions of a plan without visits).
    public var visits: [String]
    public var participants: [Participant]
    public var orders: [Order]
    public var figures: [Figure]

    public static func read(_ database: any LabDatabase, study: String) throws -> LabStudy? {
        let sessions = try database.run("""
            SELECT participant, coalesce(visit, ''), kiosk, started, completed, declined, orders
            FROM session WHERE study = $1 ORDER BY started, participant
            """, [.text(study)])
        guard !sessions.isEmpty else { return nil }
        var visits: [String] = [], latest: [String: [String: Visit]] = [:], orderOf: [String: String] = [:]
        for row in sessions {
            let participant = row[0] ?? "", visit = row[1] ?? ""
            if !visits.contains(visit) { visits.append(visit) }
            let state = row[4] != nil ? "completed" : row[5] != nil ? "declined" : "unfinished"
            latest[participant, default: [:]][visit] = Visit(state: state, started: LabTime.shown(row[3] ?? ""), kiosk: row[2] ?? "")
            if orderOf[participant] == nil, let orders = row[6], !orders.isEmpty { orderOf[participant] = orders }
        }
        let participants = latest.keys.sorted().map { id in
            Participant(id: id, visits: visits.map { latest[id]?[$0] ?? Visit(state: "", started: "", kiosk: "") })
        }
        var orderCounts: [String: Int] = [:]
        for id in latest.keys { orderCounts[orderOf[id] ?? "(none)", default: 0] += 1 }
        let orders = orderCounts.sorted { $0.key < $1.key }.map { Order(order: $0.key, participants: $0.value) }

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
        return LabStudy(name: study, visits: visits, participants: participants, orders: orders, figures: figures)
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
