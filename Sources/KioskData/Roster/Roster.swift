import KioskCore

/// Who takes part in which study: registered at their first visit, never registered twice,
/// withdrawn on record. The desk and `batch` use it through this interface only, so that a
/// roster kept elsewhere can stand in for the data folder's file.
public protocol Roster {
    /// Every registration, oldest first.
    func entries() throws -> [RosterEntry]
    /// Registers `entry` unless its participant is already registered for its study; returns
    /// the registration that stands (the earlier one, when there was one).
    @discardableResult
    func register(_ entry: RosterEntry) throws -> RosterEntry
    /// Records that a registered participant withdrew from a study.
    func withdraw(participant: String, study: String, _ withdrawal: RosterEntry.Withdrawal) throws
}

extension Roster {
    /// The participant's registration for `study`, if there is one.
    public func entry(participant: String, study: String) throws -> RosterEntry? {
        try entries().first { $0.participant == participant && $0.study == study }
    }
}
