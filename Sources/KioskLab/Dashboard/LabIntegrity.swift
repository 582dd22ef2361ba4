/// What the lab holds of the kiosks' files, and what it does not: files refused because a
/// kiosk offered other bytes under a name already sent, rows refused because a kiosk sent
/// again otherwise what it had sent (a session, a block, a registration…) or sent what the lab
/// does not take, and files a kiosk could not send. And
/// participants registered on two kiosks apart (each kiosk offline, or two people given one
/// ID): the earliest registration counts everywhere, and staff should see that it did.
public struct LabIntegrity: Sendable {
    public struct Summary: Sendable {
        public var files: Int
        public var size: String
        /// Files and rows refused.
        public var refused: Int
        public var unsent: Int
        /// Participants registered on two kiosks at different times.
        public var registeredApart: Int

        static func read(_ database: any LabDatabase) throws -> Summary {
            let row = try database.run("""
                SELECT (SELECT count(*) FROM file), (SELECT coalesce(sum(bytes), 0) FROM file),
                       (SELECT count(*) FROM refused_file) + (SELECT count(*) FROM refused_row), (SELECT count(*) FROM unsent_file),
                       (SELECT count(*) FROM (SELECT study, participant FROM roster_entry
                                              GROUP BY study, participant HAVING count(DISTINCT registered) > 1) AS apart)
                """).first ?? []
            let number = { (index: Int) in Int64(row.count > index ? row[index] ?? "" : "") ?? 0 }
            return Summary(files: Int(number(0)), size: LabIntegrity.size(number(1)), refused: Int(number(2)), unsent: Int(number(3)),
                           registeredApart: Int(number(4)))
        }
    }

    public struct KioskFiles: Sendable {
        public var kiosk: String
        public var files: Int
        public var size: String
        public var lastReceived: String
    }

    public struct Refused: Sendable {
        public var kiosk: String, path: String, sentSHA256: String, offeredSHA256: String, noticed: String
    }

    /// A row the lab keeps as first sent (or never took): what it is, what the lab has, what was offered.
    public struct RefusedRow: Sendable {
        public var kiosk: String, what: String, kept: String, offered: String, noticed: String
    }

    public struct Unsent: Sendable {
        public var kiosk: String, path: String, reason: String, noticed: String
    }

    /// One participant of one study registered on two or more kiosks at different times.
    public struct RegisteredApart: Sendable {
        public var study: String, participant: String
        /// Each kiosk's registration, the earliest (the one that counts) first.
        public var registrations: [(kiosk: String, registered: String, group: String)]
        /// The kiosks recorded different counterbalanced orders.
        public var ordersDiffer: Bool
    }

    public var summary: Summary
    public var kiosks: [KioskFiles]
    public var refused: [Refused]
    public var refusedRows: [RefusedRow]
    public var unsent: [Unsent]
    public var registeredApart: [RegisteredApart]

    public static func read(_ database: any LabDatabase) throws -> LabIntegrity {
        let kiosks = try database.run("""
            SELECT kiosk, count(*), coalesce(sum(bytes), 0), max(received) FROM file GROUP BY kiosk ORDER BY kiosk
            """).map { row in
            KioskFiles(kiosk: row[0] ?? "", files: Int(row[1] ?? "") ?? 0, size: size(Int64(row[2] ?? "") ?? 0),
                       lastReceived: LabTime.shown(row[3] ?? ""))
        }
        let refused = try database.run("""
            SELECT kiosk, path, sent_sha256, offered_sha256, noticed FROM refused_file ORDER BY noticed DESC, kiosk, path
            """).map { row in
            Refused(kiosk: row[0] ?? "", path: row[1] ?? "", sentSHA256: row[2] ?? "", offeredSHA256: row[3] ?? "",
                    noticed: LabTime.shown(row[4] ?? ""))
        }
        let refusedRows = try database.run("SELECT kiosk, what, kept, offered, noticed FROM refused_row ORDER BY noticed DESC, kiosk, what").map { row in
            RefusedRow(kiosk: row[0] ?? "", what: row[1] ?? "", kept: row[2] ?? "", offered: row[3] ?? "", noticed: LabTime.shown(row[4] ?? ""))
        }
        let unsent = try database.run("SELECT kiosk, path, reason, noticed FROM unsent_file ORDER BY kiosk, path").map { row in
            Unsent(kiosk: row[0] ?? "", path: row[1] ?? "", reason: row[2] ?? "", noticed: LabTime.shown(row[3] ?? ""))
        }
        var registeredApart: [RegisteredApart] = []
        for row in try database.run("""
            SELECT study, participant, kiosk, registered, assigned_group FROM roster_entry r
            WHERE EXISTS (SELECT 1 FROM roster_entry o WHERE o.study = r.study AND o.participant = r.participant AND o.registered <> r.registered)
            ORDER BY study, participant, registered, kiosk
            """) {
            let registration = (kiosk: row[2] ?? "", registered: row[3] ?? "", group: row[4] ?? "")
            if let last = registeredApart.last, last.study == row[0] ?? "", last.participant == row[1] ?? "" {
                registeredApart[registeredApart.count - 1].registrations.append(registration)
                registeredApart[registeredApart.count - 1].ordersDiffer = registeredApart[registeredApart.count - 1].ordersDiffer
                    || registration.group != last.registrations[0].group
            } else {
                registeredApart.append(RegisteredApart(study: row[0] ?? "", participant: row[1] ?? "", registrations: [registration], ordersDiffer: false))
            }
        }
        return LabIntegrity(summary: try Summary.read(database), kiosks: kiosks, refused: refused, refusedRows: refusedRows, unsent: unsent,
                            registeredApart: registeredApart)
    }

    /// A size as staff read it: `0 KB`, `740 KB`, `72.1 MB`.
    static func size(_ bytes: Int64) -> String {
        if bytes < 1_048_576 { return "\((bytes + 1023) / 1024) KB" }
        let tenths = (bytes * 10 + 524_288) / 1_048_576
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
