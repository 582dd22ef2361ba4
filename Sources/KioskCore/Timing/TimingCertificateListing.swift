/// `labkiosk timing --certificates`: a data folder's timing certificates, newest first, each
/// with its age, the display it was made on, and whether it holds for the display the kiosk
/// shows on now (docs/timing.md).
public struct TimingCertificateListing: Sendable {
    /// A certificate file and what it holds, its path as the listing names it.
    public struct Entry: Sendable {
        public var path: String
        public var certificate: TimingCertificate

        public init(path: String, certificate: TimingCertificate) {
            self.path = path
            self.certificate = certificate
        }
    }

    /// Newest first; of two made in the same second, the later path first.
    public let entries: [Entry]
    public let folder: String
    public let display: CurrentDisplay?
    public let today: CalendarDate

    public init(_ entries: [Entry], folder: String, display: CurrentDisplay?, today: CalendarDate) {
        self.entries = entries.sorted { ($0.certificate.made, $0.path) > ($1.certificate.made, $1.path) }
        self.folder = folder
        self.display = display
        self.today = today
    }

    /// The listing: a line naming the folder and this display, then two lines a certificate.
    public var lines: [String] {
        guard !entries.isEmpty else { return ["no timing certificate in \(folder); `\(TimingCertificateStanding.command)` makes one"] }
        let header = "timing certificates in \(folder), newest first; this display: "
            + (display?.described ?? "not known (no display to ask)")
        return [header] + entries.enumerated().flatMap { place, entry -> [String] in
            let certificate = entry.certificate
            let age = certificate.age(on: today).map { max(0, $0) == 1 ? "1 day old" : "\(max(0, $0)) days old" } ?? "of an unreadable date"
            return ["\(certificate.made), \(age)" + (place == 0 ? " (the kiosk's certificate)" : "") + ": " + validity(certificate),
                    "  \(certificate.displayMode), \(certificate.displayPath), compositor \(certificate.compositor); visual onset lag \(Self.ms(certificate.onset.mean)) ms, "
                        + "var \(Self.ms(certificate.onset.standardDeviation)) ms, |p99| \(Self.ms(certificate.onset.p99Absolute)) ms; "
                        + (certificate.responseTimeBriefly.map { $0 + "; " } ?? "") + "\(certificate.version) on \(certificate.kiosk); \(entry.path)"]
        }
    }

    /// Whether a certificate holds for this display, and if not, what differs.
    private func validity(_ certificate: TimingCertificate) -> String {
        guard let display else { return "validity for this display not known" }
        let differences = certificate.displayDifferences(from: display)
        return differences.isEmpty ? "valid for this display" : "not valid for this display (another \(differences.map(\.rawValue).joined(separator: ", another ")))"
    }

    private static func ms(_ value: Double) -> String { TabSeparated.decimal(value, places: 3) }
}
