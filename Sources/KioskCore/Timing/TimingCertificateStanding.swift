/// Where a kiosk stands with its timing certificate on a given day, against what a plan asks
/// (`timing_certificate_max_age_days` in its [study], docs/plans.md): what a self-check says,
/// and whether a session may start.
public struct TimingCertificateStanding: Hashable, Sendable {
    /// The kiosk's latest certificate, if it has one.
    public var latest: TimingCertificate?
    /// Days from the day it was made to today.
    public var ageDays: Int?
    /// The oldest a certificate may be for the plan, in days; nil when the plan asks for none.
    public var maxAgeDays: Int?

    /// What makes a certificate, as a person types it.
    public static let command = "labkiosk timing --sensor /dev/input/eventN"

    public init(latest: TimingCertificate?, maxAgeDays: Int?, today: CalendarDate) {
        self.latest = latest
        self.maxAgeDays = maxAgeDays
        ageDays = latest?.age(on: today)
    }

    /// Whether the plan's sessions may start: it asks for no certificate, or the latest is at
    /// most `maxAgeDays` days old (a certificate dated after today, a clock set back, counts as
    /// made today).
    public var allowsStart: Bool {
        guard let maxAgeDays else { return true }
        guard latest != nil, let ageDays else { return false }
        return ageDays <= maxAgeDays
    }

    /// The self-check's line.
    public var line: String {
        guard let latest else {
            return "no timing certificate on this kiosk" + (maxAgeDays.map { ": the plan needs one at most \(Self.days($0)) old" } ?? "")
                + "; `\(Self.command)` makes one (docs/timing.md)"
        }
        let age = ageDays.map { "\(Self.days(max(0, $0))) old" } ?? "of an unreadable date"
        if allowsStart {
            return "timing certificate \(age) (\(latest.briefly))" + (maxAgeDays.map { "; the plan accepts up to \(Self.days($0))" } ?? "")
        }
        return "timing certificate expired: the last, of \(latest.made), is \(age) and the plan needs one at most "
            + "\(Self.days(maxAgeDays ?? 0)) old; `\(Self.command)` makes a new one (docs/timing.md)"
    }

    /// Why a session may not start, or nil when it may.
    public var refusal: String? {
        guard !allowsStart else { return nil }
        return latest == nil
            ? "this plan needs a timing certificate at most \(Self.days(maxAgeDays ?? 0)) old and this kiosk has none; "
                + "`\(Self.command)` makes one (docs/timing.md)"
            : line
    }

    private static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
}
