import KioskCore

/// Something markers can be pushed to: the LSL outlet, or a recorder in tests.
public protocol MarkerStream: AnyObject {
    /// Pushes one string sample stamped with `time` (on the shell's monotonic clock).
    /// - Returns: false if the stream refused it.
    @discardableResult
    func push(_ text: String, at time: MonotonicTime) -> Bool
}
