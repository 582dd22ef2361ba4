/// When a kiosk sends its data folder to the lab (docs/lab.md: From the desk): at start-up,
/// soon after each block and each visit, every quarter of an hour, and after a failed send again with a
/// doubling wait, so a lab server that is down is not hammered and a participant never waits
/// for the network. Between sends, while the lab answers, the kiosk makes contact every
/// minute, so the dashboard sees soon when a kiosk is gone.
public struct LabSendSchedule: Hashable, Sendable {
    /// Sends that failed in a row.
    public private(set) var failures = 0
    /// When the next send is due.
    public private(set) var nextAttempt: MonotonicTime
    /// When the next contact is due (a send is one too).
    public private(set) var nextContact: MonotonicTime

    public static let contactSeconds = 60.0

    public static let routineSeconds = 900.0
    public static let firstRetrySeconds = 30.0
    public static let longestRetrySeconds = 1_800.0
    /// How long after new data (a block or a visit ended) it goes: long enough that the next
    /// block, or the desk, is up first.
    public static let afterNewDataSeconds = 5.0

    /// A send due at once.
    public init(now: MonotonicTime) {
        nextAttempt = now
        nextContact = now.adding(seconds: Self.contactSeconds)
    }

    public func isDue(at now: MonotonicTime) -> Bool { now >= nextAttempt }

    /// A send ended; `succeeded` when every session reached the lab.
    public mutating func ended(succeeded: Bool, at now: MonotonicTime) {
        if succeeded {
            failures = 0
            nextAttempt = now.adding(seconds: Self.routineSeconds)
            nextContact = now.adding(seconds: Self.contactSeconds)
        } else {
            failures += 1
            let wait = min(Self.firstRetrySeconds * Double(1 << min(failures - 1, 16)), Self.longestRetrySeconds)
            nextAttempt = now.adding(seconds: wait)
        }
    }

    /// Whether to make contact now: a minute after the last send or contact, while the lab answers.
    public func isContactDue(at now: MonotonicTime) -> Bool { failures == 0 && now >= nextContact }

    /// A contact ended. One that failed counts as a failed send: the next send is tried after the
    /// first wait, and contacts stop until a send gets through.
    public mutating func contacted(succeeded: Bool, at now: MonotonicTime) {
        if succeeded {
            nextContact = now.adding(seconds: Self.contactSeconds)
        } else {
            ended(succeeded: false, at: now)
        }
    }

    /// New data (a block or a visit ended): it goes soon, unless a send is due sooner.
    public mutating func newData(at now: MonotonicTime) {
        nextAttempt = min(nextAttempt, now.adding(seconds: Self.afterNewDataSeconds))
    }
}
