import KioskCore

/// Who takes part in which study: registered at their first visit, never registered twice,
/// withdrawn on record. The desk and `batch` use it through this interface only, so that a
/// roster kept elsewhere can stand in for the data folder's file.
public protocol Roster {
    /// Every registration, oldest first, and every line of the roster's files that could not
    /// be read (each naming its file).
    func read() throws -> RosterLog.Reading
    /// Registers `entry` unless its participant is already registered for its study; returns
    /// the registration that stands (the earlier one, when there was one).
    @discardableResult
    func register(_ entry: RosterEntry) throws -> RosterEntry
    /// Records that a registered participant withdrew from a study.
    func withdraw(participant: String, study: String, _ withdrawal: RosterEntry.Withdrawal) throws
}

/// Why a participant cannot start: a damaged line of the roster may be theirs.
public struct RosterLineHolds: Error, CustomStringConvertible {
    public let participant: String
    public let study: String
    public let problem: RosterLog.Problem

    public var description: String {
        "\(problem); this line may be \(participant)'s registration or withdrawal in \(study), so nothing starts for them until "
            + "it is corrected by hand (other participants are not affected)"
    }
}

extension Roster {
    public func entries() throws -> [RosterEntry] { try read().entries }

    /// The participant's registration for `study`, if there is one.
    /// - Throws: ``RosterLineHolds`` when a damaged line may be about them.
    public func entry(participant: String, study: String) throws -> RosterEntry? {
        let reading = try read()
        if let problem = reading.problem(holding: participant, in: study) {
            throw RosterLineHolds(participant: participant, study: study, problem: problem)
        }
        return reading.entries.first { $0.participant == participant && $0.study == study }
    }
}
