/// The desk's PIN pad: digits tapped or typed, checked when OK (or Enter) is pressed. Five
/// wrong PINs in a row lock it for a minute, and each lockout after that for twice as long, up
/// to an hour, until the right PIN is typed: a 4-digit PIN would take months of tapping to
/// find. The shell keeps ``Memory`` across restarts, so that restarting the desk resets nothing.
public struct DeskPINPad: Hashable, Sendable {
    public static let triesBeforeLockout = 5
    public static let firstLockoutSeconds = 60.0
    public static let longestLockoutSeconds = 3600.0
    public static let longest = 12

    /// What outlives the desk's process: the wrong tries since the last lockout, the lockouts
    /// since the last right PIN, and the seconds the pad stays locked.
    public struct Memory: Hashable, Sendable {
        public var wrongTries: Int
        public var lockouts: Int
        public var secondsLocked: Int

        public init(wrongTries: Int, lockouts: Int, secondsLocked: Int) {
            self.wrongTries = wrongTries
            self.lockouts = lockouts
            self.secondsLocked = secondsLocked
        }
    }

    public private(set) var typed = ""
    public private(set) var wrongTries = 0
    /// Lockouts since the last right PIN: each doubles the next.
    public private(set) var lockouts = 0
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
            lockouts = 0
            message = ""
            return .unlocked
        }
        wrongTries += 1
        if wrongTries >= Self.triesBeforeLockout {
            wrongTries = 0
            let seconds = Self.lockoutSeconds(after: lockouts)
            lockouts += 1
            lockedUntil = MonotonicTime(nanoseconds: now.nanoseconds + Int64(seconds * 1e9))
            message = "\(Self.triesBeforeLockout) wrong PINs: the pad is locked for \(Self.minutes(seconds))"
            return .wrong(lockedOut: true)
        }
        let left = Self.triesBeforeLockout - wrongTries
        message = "Wrong PIN: \(left) \(left == 1 ? "try" : "tries") before the pad locks for \(Self.minutes(Self.lockoutSeconds(after: lockouts)))"
        return .wrong(lockedOut: false)
    }

    /// How long the lockout after `lockouts` earlier ones lasts.
    public static func lockoutSeconds(after lockouts: Int) -> Double {
        min(longestLockoutSeconds, firstLockoutSeconds * Double(1 << min(lockouts, 16)))
    }

    static func minutes(_ seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        return minutes == 1 ? "a minute" : "\(minutes) minutes"
    }

    /// What to keep across a restart, at `now`.
    public func memory(at now: MonotonicTime) -> Memory {
        Memory(wrongTries: wrongTries, lockouts: lockouts, secondsLocked: secondsLocked(at: now))
    }

    /// Takes back what a restart would have lost; a lockout never longer than the longest.
    public mutating func restore(_ memory: Memory, at now: MonotonicTime) {
        wrongTries = max(0, min(memory.wrongTries, Self.triesBeforeLockout - 1))
        lockouts = max(0, min(memory.lockouts, 16))
        let seconds = min(Double(max(0, memory.secondsLocked)), Self.longestLockoutSeconds)
        lockedUntil = seconds > 0 ? MonotonicTime(nanoseconds: now.nanoseconds + Int64(seconds * 1e9)) : nil
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
