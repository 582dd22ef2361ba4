/// When a kiosk sends its data folder to the lab (docs/lab.md: From the desk): at start-up,
/// soon after each block and each visit, every quarter of an hour, and after a failed send again with a
/// doubling wait, so a lab server that is down is not hammered and a participant never waits
/// for the network.
public struct LabSendSchedule: Hashable, Sendable {
    /// Sends that failed in a row.
    public private(set) var failures = 0
    /// When the next send is due.
    public private(set) var nextAttempt: MonotonicTime

    public static let routineSeconds = 900.0
    public static let firstRetrySeconds = 30.0
    public static let longestRetrySeconds = 1_800.0
    /// How long after new data (a block or a visit ended) it goes: long enough that the next
    /// block, or the desk, is up first.
    public static let afterNewDataSeconds = 5.0

    /// Due at once.
    public init(now: MonotonicTime) {
        nextAttempt = now
    }

    public func isDue(at now: MonotonicTime) -> Bool { now >= nextAttempt }

    /// A send ended; `succeeded` when every session reached the lab.
    public mutating func ended(succeeded: Bool, at now: MonotonicTime) {
        if succeeded {
            failures = 0
            nextAttempt = now.adding(seconds: Self.routineSeconds)
        } else {
            failures += 1
            let wait = min(Self.firstRetrySeconds * Double(1 << min(failures - 1, 16)), Self.longestRetrySeconds)
            nextAttempt = now.adding(seconds: wait)
        }
    }

    /// New data (a block or a visit ended): it goes soon, unless a send is due sooner.
    public mutating func newData(at now: MonotonicTime) {
        nextAttempt = min(nextAttempt, now.adding(seconds: Self.afterNewDataSeconds))
    }
}
