/// Where a kiosk stands with its timing certificate on a given day and display, against what a
/// plan asks (`timing_certificate_max_age_days` in its [study], docs/plans.md): what a
/// self-check says, and whether a session may start.
public struct TimingCertificateStanding: Hashable, Sendable {
    /// The kiosk's latest certificate, if it has one.
    public var latest: TimingCertificate?
    /// Days from the day it was made to today.
    public var ageDays: Int?
    /// The oldest a certificate may be for the plan, in days; nil when the plan asks for none.
    public var maxAgeDays: Int?
    /// The display the kiosk shows on now; nil where none is known (a headless run shows nothing).
    public var display: CurrentDisplay?
    /// How the latest certificate's display differs from ``display``; empty when it was made
    /// on this display, or either is unknown.
    public var displayDifferences: [DisplayDifference]

    /// What makes a certificate, as a person types it.
    public static let command = "labkiosk timing --sensor DEVICE"

    public init(latest: TimingCertificate?, maxAgeDays: Int?, today: CalendarDate, display: CurrentDisplay?) {
        self.latest = latest
        self.maxAgeDays = maxAgeDays
        self.display = display
        ageDays = latest?.age(on: today)
        displayDifferences = display.flatMap { display in latest?.displayDifferences(from: display) } ?? []
    }

    /// Whether the plan's sessions may start: it asks for no certificate, or the latest is at
    /// most `maxAgeDays` days old (a certificate dated after today, a clock set back, counts as
    /// made today) and was made on this display as far as it is known.
    public var allowsStart: Bool { youngEnough && (maxAgeDays == nil || displayDifferences.isEmpty) }

    /// What stops the plan's sessions, each a self-check's line: no certificate or one too old,
    /// and one made on another display.
    public var refusals: [String] {
        (youngEnough ? [] : [line]) + (maxAgeDays == nil || displayDifferences.isEmpty ? [] : displayLine.map { [$0] } ?? [])
    }

    /// Whether the certificate is as young as the plan asks, whatever its display.
    private var youngEnough: Bool {
        guard let maxAgeDays else { return true }
        guard latest != nil, let ageDays else { return false }
        return ageDays <= maxAgeDays
    }

    /// The self-check's line on the certificate's age: whether the kiosk has one the plan
    /// accepts, short enough for the desk's page to show at a size staff can read.
    public var line: String {
        guard let latest else {
            return "no timing certificate on this kiosk" + (maxAgeDays.map { ": the plan needs one at most \(Self.days($0)) old" } ?? "")
                + "; `\(Self.command)` makes one"
        }
        let age = ageDays.map { "\(Self.days(max(0, $0))) old" } ?? "of an unreadable date"
        if youngEnough {
            return "timing certificate of \(latest.made), \(age)" + (maxAgeDays.map { "; the plan accepts up to \(Self.days($0))" } ?? "")
        }
        return "timing certificate expired: made \(latest.made), \(age); the plan needs one at most \(Self.days(maxAgeDays ?? 0)) old; "
            + "`\(Self.command)` makes a new one"
    }

    /// The self-check's line on the certificate's display, naming both modes when they differ;
    /// nil without a certificate or a known display.
    public var displayLine: String? {
        guard let latest, let display else { return nil }
        guard !displayDifferences.isEmpty else { return "timing certificate made on this display: \(display.described)" }
        return "timing certificate not valid for this display: made on \(latest.madeOn); this display is \(display.described)"
            + (maxAgeDays == nil ? "" : "; the plan needs one made on this display") + "; `\(Self.command)` makes a new one"
    }

    /// The latest certificate's figures and display, for the line after ``line``.
    public var figures: String? {
        latest.map { "timing certificate: \($0.briefly)" }
    }

    private static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
}
