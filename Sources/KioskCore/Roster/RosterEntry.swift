/// One participant of one study on the roster: when they were registered, the order their
/// first visit fixed, staff's notes, and their withdrawal if they withdrew (their files stay).
public struct RosterEntry: Hashable, Sendable {
    public var participant: String
    public var study: String
    /// When, as `yyyy-MM-dd HH:mm:ss` local time.
    public var registered: String
    /// The counterbalanced order the first visit fixed ("conditions: latin-square, row 2 of 4: …").
    public var group: String
    public var notes: String
    /// Staff's notes are one line the desk shows whole.
    public static let longestNotes = 200
    public var withdrawal: Withdrawal?

    public struct Withdrawal: Hashable, Sendable {
        public var time: String
        /// Who recorded it: "staff (desk)", a name given with `--by`.
        public var by: String
        public var reason: String

        public init(time: String, by: String, reason: String) {
            self.time = time
            self.by = by
            self.reason = reason
        }
    }

    public init(participant: String, study: String, registered: String, group: String = "", notes: String = "", withdrawal: Withdrawal? = nil) {
        self.participant = participant
        self.study = study
        self.registered = registered
        self.group = group
        self.notes = notes
        self.withdrawal = withdrawal
    }
}
