import Testing

@testable import KioskCore

/// `labkiosk timing --certificates`: a data folder's certificates newest first, each with its
/// age and whether it holds for the display known now, or that none is known.
@Suite struct TimingCertificateListingTests {
    private func certificate(width: Int = 1920, height: Int = 1080, made: String = "2026-11-20 09:30:00") -> TimingCertificate {
        TimingCertificate(made: made, kiosk: "kiosk-3", version: "labkiosk 0.2.0", width: width, height: height, refreshMilliseconds: 16.6667,
                          displayPath: "X11 Present", compositor: "unnamed (X display :90)", sensor: "/dev/input/event7",
                          patch: TimingPatch(x: 0, y: 0, size: 100), flashes: 100,
                          onset: TimingSummary.Spread(count: 100, mean: 0.177, standardDeviation: 0.277, p99Absolute: 0.665), duration: nil, frameStart: nil)
    }

    private func display() -> CurrentDisplay {
        CurrentDisplay(width: 1920, height: 1080, refreshHertz: 60, videoDriver: "x11", compositor: "unnamed (X display :3)")
    }

    private let today = CalendarDate(year: 2026, month: 11, day: 29)!

    @Test func theListingPutsTheNewestFirstWithItsValidity() {
        let listing = TimingCertificateListing([
            .init(path: "2026-11-20/1_261120_093000_timing_certificate.txt", certificate: certificate(width: 1280, height: 1024)),
            .init(path: "2026-11-28/4_261128_101500_timing_certificate.txt", certificate: certificate(made: "2026-11-28 10:15:00")),
        ], folder: "sessions", display: display(), today: today)
        #expect(listing.lines == [
            "timing certificates in sessions, newest first; this display: 1920×1080 at 60 Hz, X11",
            "2026-11-28 10:15:00, 1 day old (the kiosk's certificate): valid for this display",
            "  1920×1080 at 60.00 Hz, X11 Present, compositor unnamed (X display :90); visual onset lag 0.177 ms, var 0.277 ms, |p99| 0.665 ms; "
                + "labkiosk 0.2.0 on kiosk-3; 2026-11-28/4_261128_101500_timing_certificate.txt",
            "2026-11-20 09:30:00, 9 days old: not valid for this display (another size)",
            "  1280×1024 at 60.00 Hz, X11 Present, compositor unnamed (X display :90); visual onset lag 0.177 ms, var 0.277 ms, |p99| 0.665 ms; "
                + "labkiosk 0.2.0 on kiosk-3; 2026-11-20/1_261120_093000_timing_certificate.txt",
        ])
        let unknown = TimingCertificateListing([.init(path: "c.txt", certificate: certificate())], folder: "data", display: nil, today: today)
        #expect(unknown.lines[0] == "timing certificates in data, newest first; this display: not known (no display to ask)")
        #expect(unknown.lines[1] == "2026-11-20 09:30:00, 9 days old (the kiosk's certificate): validity for this display not known")
        #expect(TimingCertificateListing([], folder: "data", display: display(), today: today).lines
            == ["no timing certificate in data; `labkiosk timing --sensor DEVICE` makes one"])
    }
}
