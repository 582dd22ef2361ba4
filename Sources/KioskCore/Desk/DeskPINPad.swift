/// The desk's PIN pad: digits tapped or typed, checked when OK (or Enter) is pressed. Five
/// wrong PINs in a row lock it for a minute, so that a PIN cannot be found by trying.
public struct DeskPINPad: Hashable, Sendable {
    public static let triesBeforeLockout = 5
    public static let lockoutSeconds = 60.0
    public static let longest = 12

    public private(set) var typed = ""
    public private(set) var wrongTries = 0
    /// Until when it takes no PIN.
    public private(set) var lockedUntil: MonotonicTime?
    public private(set) var message = ""

    public init() {}

    public enum Outcome: Hashable, Sendable {
        case unlocked
        /// A wrong PIN, and whether it locked the pad.
        case wrong(lockedOut: Bool)
    }

    public func isLockedOut(at now: MonotonicTime) -> Bool { lockedUntil.map { now < $0 } ?? false }

    public mutating func type(_ digit: Character, at now: MonotonicTime) {
        guard !isLockedOut(at: now), typed.count < Self.longest else { return }
        typed.append(digit)
        message = ""
    }

    public mutating func erase() { if !typed.isEmpty { typed.removeLast() } }

    /// Checks what was typed with `verify` (the shell's check against the stored hash).
    public mutating func submit(at now: MonotonicTime, verify: (String) -> Bool) -> Outcome? {
        guard !isLockedOut(at: now), !typed.isEmpty else { return nil }
        defer { typed = "" }
        if verify(typed) {
            wrongTries = 0
            message = ""
            return .unlocked
        }
        wrongTries += 1
        if wrongTries >= Self.triesBeforeLockout {
            wrongTries = 0
            lockedUntil = MonotonicTime(nanoseconds: now.nanoseconds + Int64(Self.lockoutSeconds * 1e9))
            message = "\(Self.triesBeforeLockout) wrong PINs: the pad is locked for a minute"
            return .wrong(lockedOut: true)
        }
        let left = Self.triesBeforeLockout - wrongTries
        message = "Wrong PIN: \(left) \(left == 1 ? "try" : "tries") before the pad locks for a minute"
        return .wrong(lockedOut: false)
    }

    /// Whole seconds the lockout has left, for the countdown.
    public func secondsLocked(at now: MonotonicTime) -> Int {
        guard let lockedUntil, now < lockedUntil else { return 0 }
        return Int((Double(lockedUntil.since(now)) / 1e9).rounded(.up))
    }

    /// Forgets what was typed (the pad closed), keeping the count and the lockout.
    public mutating func clear() {
        typed = ""
        message = ""
    }
}
