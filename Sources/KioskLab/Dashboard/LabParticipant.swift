import KioskCore

/// One participant of one study, across visits and kiosks: every session with its blocks and
/// their figures (the instructor's view of a trainee's history).
public struct LabParticipant: Sendable {
    public struct Session: Sendable {
        public var visit: String
        public var kiosk: String
        public var started: String
        public var state: String
        public var blocks: [Block]
        /// What staff decided and why the session stopped, as its journal says (`stopped …`,
        /// `confirmed …`, `skipped …`, `restart …`); nil when the lab holds no journal of it.
        public var journalDecisions: [String]?
    }

    public struct Block: Sendable {
        public var place: Int
        public var title: String
        /// As the kiosk's journal says: `complete`, `skipped`, `running`, `pending`.
        public var state: String
        /// When its last run began; nil when none did.
        public var began: String?
        public var figures: [Figure]
        /// Files a run of it left that did not end (stopped, crashed), in the kiosk's folder.
        public var partialFiles: [String]

        /// The state as staff read it: a block that has not ended says whether a run of it
        /// stopped and left a partial log, or was never reached.
        public var shownState: String {
            switch state {
            case "pending" where !partialFiles.isEmpty: "stopped during it; partial log kept"
            case "pending" where began != nil: "stopped during it"
            case "pending": "not reached"
            case "running": "running when last sent"
            case "skipped": "skipped by staff"
            default: state
            }
        }
    }

    public struct Figure: Sendable {
        public var name: String
        public var value: String
    }

    public var study: String
    public var id: String
    /// What simulated them (their latest session's `simulated`); nil for a person.
    public var simulated: String?
    public var sessions: [Session]

    public static func read(_ database: any LabDatabase, study: String, participant: String) throws -> LabParticipant? {
        let parameters: [LabValue] = [.text(study), .text(participant)]
        var figures: [String: [Figure]] = [:]
        for row in try database.run("""
            SELECT f.kiosk, f.journal, f.place, f.name, f.value FROM figure f JOIN session s ON s.kiosk = f.kiosk AND s.journal = f.journal
            WHERE s.study = $1 AND s.participant = $2 ORDER BY f.name
            """, parameters) {
            figures[key(row[0], row[1], row[2]), default: []].append(Figure(name: row[3] ?? "", value: row[4] ?? ""))
        }
        var partialFiles: [String: [String]] = [:]
        for row in try database.run("""
            SELECT f.kiosk, f.journal, f.place, f.path FROM file f JOIN session s ON s.kiosk = f.kiosk AND s.journal = f.journal
            WHERE s.study = $1 AND s.participant = $2 AND f.partial IN ('t', 'true') ORDER BY f.path
            """, parameters) {
            partialFiles[key(row[0], row[1], row[2]), default: []].append(row[3] ?? "")
        }
        var blocks: [String: [Block]] = [:]
        for row in try database.run("""
            SELECT b.kiosk, b.journal, b.place, b.title, b.state, b.began FROM block b JOIN session s ON s.kiosk = b.kiosk AND s.journal = b.journal
            WHERE s.study = $1 AND s.participant = $2 ORDER BY b.place
            """, parameters) {
            blocks[key(row[0], row[1]), default: []].append(Block(
                place: Int(row[2] ?? "") ?? 0, title: row[3] ?? "", state: row[4] ?? "", began: row[5],
                figures: figures[key(row[0], row[1], row[2])] ?? [],
                partialFiles: partialFiles[key(row[0], row[1], row[2])] ?? []))
        }
        var decisions: [String: [String]] = [:]
        for row in try database.run("""
            SELECT j.kiosk, j.journal, j.sha256 FROM session_journal j JOIN session s ON s.kiosk = j.kiosk AND s.journal = j.journal
            WHERE s.study = $1 AND s.participant = $2
            """, parameters) {
            guard let bytes = try LabStudyFiles.storedBytes(database, sha256: row[2] ?? ""),
                  case .success(let journal) = BatchJournal.read(String(decoding: bytes, as: UTF8.self)) else { continue }
            decisions[key(row[0], row[1])] = journal.staffDecisions
        }
        var simulated: String?
        let sessions = try database.run("""
            SELECT kiosk, journal, coalesce(visit, ''), started, completed, declined, simulated FROM session
            WHERE study = $1 AND participant = $2 ORDER BY started
            """, parameters).map { row in
            if let simulation = row[6] { simulated = simulation }
            return
            Session(visit: row[2] ?? "", kiosk: row[0] ?? "", started: LabTime.shown(row[3] ?? ""),
                    state: row[4] != nil ? "completed" : row[5] != nil ? "declined" : "unfinished", blocks: blocks[key(row[0], row[1])] ?? [],
                    journalDecisions: decisions[key(row[0], row[1])])
        }
        return sessions.isEmpty ? nil : LabParticipant(study: study, id: participant, simulated: simulated, sessions: sessions)
    }

    /// Every numeric figure of each block title across the sessions, in session order, for plots.
    public var series: [(block: String, figure: String, points: [(x: Double, y: Double)])] {
        var order: [(String, String)] = [], points: [String: [(x: Double, y: Double)]] = [:]
        for (index, session) in sessions.enumerated() {
            for block in session.blocks where block.state == "complete" {
                for figure in block.figures {
                    guard let value = Double(figure.value), value.isFinite else { continue }
                    let name = block.title + "\u{1F}" + figure.name
                    if points[name] == nil { order.append((block.title, figure.name)) }
                    points[name, default: []].append((x: Double(index + 1), y: value))
                }
            }
        }
        return order.map { ($0.0, $0.1, points[$0.0 + "\u{1F}" + $0.1] ?? []) }
    }

    private static func key(_ parts: String?...) -> String { parts.map { $0 ?? "" }.joined(separator: "\u{1F}") }
}
