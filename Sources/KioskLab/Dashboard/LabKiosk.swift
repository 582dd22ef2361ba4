import KioskCore

/// A kiosk's page on the dashboard (`/kiosk/NAME`): what the overview knows of it, every
/// timing certificate it sent (docs/timing.md), the latest in full, each with the lab's own
/// check of its hash and any later send that offered it changed, and the displays its sessions
/// showed on, each with whether a certificate was made there.
public struct LabKiosk: Sendable {
    /// A certificate as the lab holds it.
    public struct Certificate: Sendable {
        /// Its path in the kiosk's data folder.
        public var path: String
        public var made: String
        /// When the lab took it, as staff read it (UTC).
        public var received: String
        /// The SHA-256 the lab computed of its text when it took it.
        public var sha256: String
        /// Its text read as a certificate; nil when it does not read (``problems`` say why).
        public var certificate: TimingCertificate?
        public var problems: [String]
        /// Whether the text the lab holds still has the SHA-256 the lab computed when it took it.
        public var hashHolds: Bool
        /// Each later send that offered other text under its path: the lab kept the first.
        public var changedOffers: [Offer]

        /// Whether the lab found nothing against it.
        public var isIntact: Bool { certificate != nil && hashHolds && changedOffers.isEmpty }
    }

    /// Text a kiosk offered under a certificate's path that the lab did not take.
    public struct Offer: Sendable {
        /// The SHA-256 of what was offered, or the start of its text when it was no certificate.
        public var offered: String
        public var noticed: String
    }

    /// A certificate the lab never took: not one, or not made when it said.
    public struct Refused: Sendable {
        public var path: String
        /// What the lab expected.
        public var expected: String
        /// The start of what was offered.
        public var offered: String
        public var noticed: String
    }

    /// A display the kiosk's sessions showed blocks on, as their `display` figures name it
    /// (``ShownDisplayFigures``), weighed by the lab against the certificates it holds.
    public struct ShownDisplay: Sendable {
        /// The figure as the kiosk wrote it.
        public var described: String
        /// The figure read as a display; nil when it does not read as one.
        public var display: CurrentDisplay?
        public var blocks: Int
        public var sessions: Int
        /// When the last block shown on it ended, as the kiosk wrote it.
        public var lastEnded: String
        /// The newest certificate the lab holds, intact, that was made on this display; nil when none was.
        public var certificateMade: String?
        /// How the kiosk's latest certificate's display differs from this one; nil when the
        /// lab holds no readable latest certificate or the figure does not read.
        public var latestDiffers: [DisplayDifference]?
    }

    /// The kiosk's sessions by how they ended.
    public struct Sessions: Sendable {
        public var total: Int
        public var completed: Int
        public var declined: Int
        /// Neither completed nor declined when the kiosk last sent: running, or stopped.
        public var unfinished: Int { total - completed - declined }
    }

    public var name: String
    public var lastContact: String
    public var age: String
    public var online: Bool
    /// What it runs now, as its last send said (``LabOverview/Kiosk/running``).
    public var running: [String]
    public var sessions: Sessions
    public var files: Int
    public var size: String
    /// Its certificates, the latest made first: that one is the kiosk's certificate.
    public var certificates: [Certificate]
    public var refused: [Refused]
    /// Days from the day its latest certificate was made to today.
    public var latestAgeDays: Int?
    /// The displays its sessions showed blocks on, the one shown on last first.
    public var displays: [ShownDisplay]

    /// The kiosk named `name`, nil when the lab never heard from it; online when it was last
    /// heard from within `onlineWithin` seconds of `now`, its latest certificate's age as of `today`.
    public static func read(_ database: any LabDatabase, name: String, now: Int64, onlineWithin: Int64, today: CalendarDate) throws -> LabKiosk? {
        guard let contact = try database.run("SELECT last_contact FROM kiosk WHERE name = $1", [.text(name)]).first?.first else { return nil }
        let seconds = LabTime.seconds(fromUTC: contact ?? "").map { now - $0 }
        func numbers(_ sql: String) throws -> [Int64] {
            (try database.run(sql, [.text(name)]).first ?? []).map { Int64($0 ?? "") ?? 0 }
        }
        let counted = try numbers("SELECT count(*), count(completed), count(declined) FROM session WHERE kiosk = $1")
        let stored = try numbers("SELECT count(*), coalesce(sum(bytes), 0) FROM file WHERE kiosk = $1")
        var offers: [String: [Offer]] = [:]
        var refusedRows: [(path: String, kept: String, offered: String, noticed: String)] = []
        let prefix = "timing certificate "
        for row in try database.run("""
            SELECT what, kept, offered, noticed FROM refused_row WHERE kiosk = $1 AND substr(what, 1, 19) = $2 ORDER BY noticed, offered
            """, [.text(name), .text(prefix)]) {
            let path = String((row[0] ?? "").dropFirst(prefix.count))
            refusedRows.append((path, row[1] ?? "", row[2] ?? "", LabTime.shown(row[3] ?? "")))
            offers[path, default: []].append(Offer(offered: row[2] ?? "", noticed: LabTime.shown(row[3] ?? "")))
        }
        let certificates = try database.run("""
            SELECT path, made, received, sha256, certificate FROM timing_certificate WHERE kiosk = $1 ORDER BY made DESC, path DESC
            """, [.text(name)]).map { row -> Certificate in
            let path = row[0] ?? "", text = row[4] ?? "", sha256 = row[3] ?? ""
            var read: TimingCertificate?, problems: [String] = []
            switch TimingCertificate.read(text, file: path) {
            case .success(let certificate): read = certificate
            case .failure(let errors): problems = errors.diagnostics.map(\.description)
            }
            return Certificate(path: path, made: row[1] ?? "", received: LabTime.shown(row[2] ?? ""), sha256: sha256, certificate: read,
                               problems: problems, hashHolds: SHA256.hexDigest(of: Array(text.utf8)) == sha256, changedOffers: offers[path] ?? [])
        }
        let held = Set(certificates.map(\.path))
        let displays = try database.run("""
            SELECT f.value, count(*), count(DISTINCT f.journal), max(b.ended) FROM figure f
            JOIN block b ON b.kiosk = f.kiosk AND b.journal = f.journal AND b.place = f.place
            WHERE f.kiosk = $1 AND f.name = $2 GROUP BY f.value ORDER BY max(b.ended) DESC, f.value
            """, [.text(name), .text(ShownDisplayFigures.display)]).map { row -> ShownDisplay in
            let described = row[0] ?? "", display = CurrentDisplay(described: described)
            let madeOnIt = display.flatMap { display in
                certificates.first { $0.isIntact && $0.certificate?.displayDifferences(from: display).isEmpty == true }
            }
            let latest = certificates.first?.certificate
            return ShownDisplay(described: described, display: display, blocks: Int(row[1] ?? "") ?? 0, sessions: Int(row[2] ?? "") ?? 0,
                                lastEnded: row[3] ?? "", certificateMade: madeOnIt?.made,
                                latestDiffers: display.flatMap { display in latest.map { $0.displayDifferences(from: display) } })
        }
        return LabKiosk(name: name, lastContact: LabTime.shown(contact ?? ""), age: seconds.map(LabTime.age) ?? "?",
                        online: seconds.map { $0 <= onlineWithin } ?? false, running: try LabOverview.running(database)[name] ?? [],
                        sessions: Sessions(total: Int(counted[0]), completed: Int(counted[1]), declined: Int(counted[2])),
                        files: Int(stored[0]), size: LabIntegrity.size(stored[1]),
                        certificates: certificates,
                        refused: refusedRows.filter { !held.contains($0.path) }.map {
                            Refused(path: $0.path, expected: $0.kept, offered: $0.offered, noticed: $0.noticed)
                        },
                        latestAgeDays: certificates.first?.certificate?.age(on: today), displays: displays)
    }
}
