import KioskCore

/// How a send writes a kiosk's rows (LabSender): on the lab's PostgreSQL through the functions
/// that check what a kiosk writes (PostgresLabWriter, LabFunctions); in a kiosk's own
/// `lab.sqlite`, which only its data folder fills, with statements on the tables
/// (SQLiteLabWriter). Both keep what was sent first and never take a withdrawal away.
protocol LabWriter {
    /// The kiosk's last contact is now.
    func contact() throws
    /// The kiosk's files and journals the lab holds, or files it was told it could not send, by path.
    func filesHeld() throws -> [String: HeldFile]
    func session(_ journal: BatchJournal, at path: String) throws -> LabAnswer
    func block(_ block: BatchJournal.Block, place: Int, of path: String) throws -> LabAnswer
    func figure(_ name: String, _ value: String, place: Int, of path: String) throws -> LabAnswer
    /// The session's end (completed or declined), when its journal has one.
    func end(_ journal: BatchJournal, at path: String) throws -> LabAnswer
    /// A file the lab does not hold: its bytes, with the SHA-256 the kiosk found.
    func file(_ path: String, journal: String, place: Int, partial: Bool, sha256: String, bytes: [UInt8]) throws -> LabAnswer
    /// A session's journal as it is now, with the SHA-256 the kiosk found: the lab takes it when
    /// it is new or begins with the journal the lab holds.
    func journal(_ path: String, sha256: String, bytes: [UInt8]) throws -> LabAnswer
    /// A file the lab holds, offered again by its SHA-256 only.
    func heldFile(_ path: String, sha256: String) throws -> LabAnswer
    /// A file the kiosk cannot send, and why, until it can.
    func unsent(_ path: String, because reason: String) throws
    /// - Parameter simulated: what simulated the participant; nil for a person.
    func register(_ entry: RosterEntry, simulated: String?) throws -> LabAnswer
    func withdraw(_ entry: RosterEntry, _ withdrawal: RosterEntry.Withdrawal) throws -> LabAnswer
    /// A study's visits as the kiosk's plan has them now, replacing those sent before.
    func visits(of study: DeskStudy) throws
    /// A timing certificate file's text, made at `made`: `new`, `same`, or `refused` when the
    /// lab has other text under its path.
    func certificate(_ path: String, made: String, text: String) throws -> LabAnswer
}

/// A file the lab holds of the kiosk (its SHA-256), or was told it could not send.
struct HeldFile {
    var sha256: String?
    var unsent: Bool
}

/// What the lab made of one row sent (the words LabFunctions' functions answer).
enum LabAnswer: String {
    /// New, or as the lab had it; `open`: a session whose blocks and figures may still move.
    case open, final, same, new, ended
    case sent, there
    /// Not what the lab has: kept out and flagged.
    case refused
    /// A simulated participant where the lab has them real, or the other way (LabDryRun):
    /// refused and flagged, and nothing of it taken.
    case apart
}
