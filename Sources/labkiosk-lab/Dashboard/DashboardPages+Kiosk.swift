import KioskCore
import KioskLab

/// A kiosk's page (`/kiosk/NAME`) as its template's context: the kiosk as the overview knows
/// it, its latest timing certificate line by line, and every certificate with the lab's check.
extension DashboardPages {
    static func kiosk(_ kiosk: LabKiosk) -> [String: Any] {
        var context: [String: Any] = [
            "name": kiosk.name, "online": kiosk.online, "lastContact": kiosk.lastContact, "age": kiosk.age, "running": kiosk.running,
            "sessions": kiosk.sessions.total, "completed": kiosk.sessions.completed, "unfinished": kiosk.sessions.unfinished,
            "declined": kiosk.sessions.declined, "files": kiosk.files, "size": kiosk.size,
            "certificates": kiosk.certificates.enumerated().map { place, held in certificateRow(held, isLatest: place == 0) },
            "has_certificates": !kiosk.certificates.isEmpty,
            "refused": kiosk.refused.map { ["path": $0.path, "expected": $0.expected, "offered": $0.offered, "noticed": $0.noticed] },
            "has_refused": !kiosk.refused.isEmpty,
            "displays": kiosk.displays.map(shownDisplayRow),
            "has_displays": !kiosk.displays.isEmpty,
        ]
        if let held = kiosk.certificates.first {
            var latest = certificateRow(held, isLatest: true)
            latest["age"] = kiosk.latestAgeDays.map { max(0, $0) == 1 ? "1 day" : "\(max(0, $0)) days" } ?? "?"
            latest["readable"] = held.certificate != nil
            if let certificate = held.certificate {
                latest["lines"] = certificateLines(certificate)
                latest["figures"] = certificateFigures(certificate)
            }
            context["latest"] = latest
        }
        return context
    }

    /// One certificate of the history: what it says in brief, and what the lab found.
    private static func certificateRow(_ held: LabKiosk.Certificate, isLatest: Bool) -> [String: Any] {
        [
            "made": held.made, "path": held.path, "received": held.received, "sha256": held.sha256, "is_latest": isLatest,
            "intact": held.isIntact, "hashHolds": held.hashHolds, "problems": held.problems,
            "changed": held.changedOffers.map { ["offered": $0.offered, "noticed": $0.noticed] },
            "display": held.certificate.map { "\($0.displayMode), \($0.displayPath)" } ?? "",
            "onset": held.certificate.map { spread($0.onset) } ?? "",
        ]
    }

    /// A display the kiosk's sessions showed on, and what the lab finds of certificates for it.
    private static func shownDisplayRow(_ shown: LabKiosk.ShownDisplay) -> [String: Any] {
        let latest: String
        switch shown.latestDiffers {
        case nil where shown.display == nil: latest = "not a display the lab can read"
        case nil: latest = "no readable certificate"
        case let differences? where differences.isEmpty: latest = "made on this display"
        case let differences?: latest = "made on another display (" + differences.map(\.rawValue).joined(separator: ", ") + ")"
        }
        return [
            "display": shown.described, "blocks": shown.blocks, "sessions": shown.sessions, "lastEnded": shown.lastEnded,
            "latest": latest, "latestHolds": shown.latestDiffers?.isEmpty == true,
            "certificateMade": shown.certificateMade ?? "", "hasCertificate": shown.certificateMade != nil,
        ]
    }

    /// Every line of a certificate but its figures, named as staff read them.
    private static func certificateLines(_ certificate: TimingCertificate) -> [[String: Any]] {
        ([
            ("Kiosk (host name)", certificate.kiosk),
            ("labkiosk version", certificate.version),
            ("Display mode", "\(certificate.width)×\(certificate.height), refresh \(TabSeparated.decimal(certificate.refreshMilliseconds, places: 4)) ms "
                + "(\(TabSeparated.decimal(1000 / certificate.refreshMilliseconds, places: 2)) Hz), as the run measured it"),
            ("Display path", certificate.displayPath),
            ("Compositor", certificate.compositor),
            ("Light sensor", certificate.sensor),
            ("Patch", "\(certificate.patch.x),\(certificate.patch.y), \(certificate.patch.size) px"),
            ("Flashes", String(certificate.flashes)),
        ] + (certificate.responses.map { responses in
            [("Response device", "\(responses.device), pressing \(ms(responses.delayMilliseconds)) ms after light"),
             ("Responses", "\(responses.answered) of \(certificate.flashes) flashes answered")]
        } ?? [])).map { ["name": $0.0, "value": $0.1] }
    }

    /// The certificate's figures in the timing mega-study's columns: lag (mean), var (SD), |p99|, ms.
    private static func certificateFigures(_ certificate: TimingCertificate) -> [[String: Any]] {
        [
            ("Visual onset", "light on − logged onset", certificate.onset as TimingSummary.Spread?),
            ("Visual duration", "light's duration − the frames asked for", certificate.duration),
            ("Frame start", "light on − the frame's start", certificate.frameStart),
            ("Response time", certificate.responses.map { "press − logged onset − the device's \(ms($0.delayMilliseconds)) ms" } ?? "",
             certificate.responses?.time),
        ].compactMap { name, meaning, spread in
            spread.map {
                ["name": name, "meaning": meaning, "lag": ms($0.mean), "variability": ms($0.standardDeviation), "p99": ms($0.p99Absolute),
                 "count": $0.count]
            }
        }
    }

    /// A certificate's figure in one line, as the overview and the history show it.
    static func spread(_ spread: TimingSummary.Spread) -> String {
        "lag \(ms(spread.mean)) ms, var \(ms(spread.standardDeviation)) ms, |p99| \(ms(spread.p99Absolute)) ms"
    }

    private static func ms(_ value: Double) -> String { TabSeparated.decimal(value, places: 3) }
}
