import Testing

@testable import KioskCore

/// A timing certificate holds only for the display it was made on: another size, refresh rate,
/// display system or named compositor makes it not valid, on the self-check and for a plan's
/// `timing_certificate_max_age_days`; what is not known is not held against it.
@Suite struct TimingCertificateDisplayTests {
    private func certificate(width: Int = 1920, height: Int = 1080, refreshMilliseconds: Double = 16.6667, displayPath: String = "X11 Present",
                             compositor: String = "unnamed (X display :90)", made: String = "2026-11-20 09:30:00") -> TimingCertificate {
        TimingCertificate(made: made, kiosk: "kiosk-3", version: "labkiosk 0.2.0", width: width, height: height, refreshMilliseconds: refreshMilliseconds,
                          displayPath: displayPath, compositor: compositor, sensor: "/dev/input/event7", patch: TimingPatch(x: 0, y: 0, size: 100),
                          flashes: 100, onset: TimingSummary.Spread(count: 100, mean: 0.177, standardDeviation: 0.277, p99Absolute: 0.665),
                          duration: nil, frameStart: nil)
    }

    private func display(width: Int = 1920, height: Int = 1080, hertz: Int? = 60, driver: String = "x11",
                         compositor: String = "unnamed (X display :3)") -> CurrentDisplay {
        CurrentDisplay(width: width, height: height, refreshHertz: hertz, videoDriver: driver, compositor: compositor)
    }

    private let today = CalendarDate(year: 2026, month: 11, day: 29)!

    @Test func theSameDisplayHoldsWhateverItsXDisplayNumber() {
        #expect(certificate().displayDifferences(from: display()).isEmpty)
        #expect(certificate(refreshMilliseconds: 16.6834).displayDifferences(from: display(hertz: 60)).isEmpty, "a 59.94 Hz panel SDL calls 60 Hz")
        #expect(certificate(refreshMilliseconds: 17.4).displayDifferences(from: display(hertz: 60)).isEmpty, "Xvfb's 60 Hz measured on a loaded machine")
        #expect(certificate().displayDifferences(from: display(hertz: nil)).isEmpty, "no refresh rate reported: not held against it")
        #expect(certificate(displayPath: "unknown").displayDifferences(from: display(driver: "kmsdrm")).isEmpty, "a path it does not name")
        #expect(certificate(compositor: "weston").displayDifferences(from: display(compositor: "unnamed (X display :0)")).isEmpty,
                "a compositor only one side names")
    }

    @Test func anotherSizeRefreshSystemOrCompositorIsAnotherDisplay() {
        #expect(certificate().displayDifferences(from: display(width: 1280, height: 1024)) == [.size])
        #expect(certificate().displayDifferences(from: display(width: 1920, height: 1200)) == [.size])
        #expect(certificate().displayDifferences(from: display(hertz: 75)) == [.refresh])
        #expect(certificate().displayDifferences(from: display(hertz: 50)) == [.refresh])
        #expect(certificate(refreshMilliseconds: 8.3333).displayDifferences(from: display(hertz: 60)) == [.refresh], "measured at 120 Hz")
        #expect(certificate().displayDifferences(from: display(driver: "wayland")) == [.displaySystem])
        #expect(certificate(displayPath: "Wayland presentation-time, compositor clock CLOCK_MONOTONIC_RAW")
            .displayDifferences(from: display(driver: "x11")) == [.displaySystem])
        #expect(certificate(displayPath: "Wayland presentation-time, compositor clock CLOCK_MONOTONIC").displayDifferences(from: display(driver: "wayland")).isEmpty)
        #expect(certificate(compositor: "weston").displayDifferences(from: display(compositor: "cage")) == [.compositor])
        #expect(certificate().displayDifferences(from: display(width: 1280, height: 1024, hertz: 75, driver: "wayland"))
            == [.size, .refresh, .displaySystem])
    }

    @Test func theSelfCheckNamesBothModesAndTheCommand() {
        let other = TimingCertificateStanding(latest: certificate(), maxAgeDays: nil, today: today, display: display(width: 1280, height: 1024))
        #expect(other.allowsStart, "a plan that asks for no certificate starts on any display")
        #expect(other.refusals.isEmpty)
        #expect(other.displayDifferences == [.size])
        #expect(other.displayLine == "timing certificate not valid for this display: made on 1920×1080 at 60.00 Hz, X11; "
            + "this display is 1280×1024 at 60 Hz, X11; `labkiosk timing --sensor DEVICE` makes a new one")
        let same = TimingCertificateStanding(latest: certificate(), maxAgeDays: 30, today: today, display: display())
        #expect(same.allowsStart && same.refusals.isEmpty)
        #expect(same.displayLine == "timing certificate made on this display: 1920×1080 at 60 Hz, X11")
        let named = TimingCertificateStanding(latest: certificate(compositor: "weston"), maxAgeDays: nil, today: today,
                                              display: display(hertz: nil, driver: "wayland", compositor: "cage"))
        #expect(named.displayLine == "timing certificate not valid for this display: made on 1920×1080 at 60.00 Hz, X11, weston; "
            + "this display is 1920×1080 (no refresh rate reported), Wayland, cage; `labkiosk timing --sensor DEVICE` makes a new one")
        let unknown = TimingCertificateStanding(latest: certificate(), maxAgeDays: 30, today: today, display: nil)
        #expect(unknown.allowsStart && unknown.displayLine == nil, "a headless run shows on no display")
        #expect(TimingCertificateStanding(latest: nil, maxAgeDays: nil, today: today, display: display()).displayLine == nil)
    }

    @Test func aPlansMaximumAgeRefusesACertificateOfAnotherDisplay() {
        let other = TimingCertificateStanding(latest: certificate(), maxAgeDays: 30, today: today, display: display(hertz: 75))
        #expect(!other.allowsStart)
        #expect(other.refusals == ["timing certificate not valid for this display: made on 1920×1080 at 60.00 Hz, X11; "
            + "this display is 1920×1080 at 75 Hz, X11; the plan needs one made on this display; `labkiosk timing --sensor DEVICE` makes a new one"])
        #expect(other.line == "timing certificate of 2026-11-20 09:30:00, 9 days old; the plan accepts up to 30 days", "its age still stands")
        let both = TimingCertificateStanding(latest: certificate(), maxAgeDays: 5, today: today, display: display(width: 800, height: 600))
        #expect(both.refusals.count == 2 && both.refusals[0].hasPrefix("timing certificate expired: ")
            && both.refusals[1].hasPrefix("timing certificate not valid for this display: made on 1920×1080"))
        let none = TimingCertificateStanding(latest: nil, maxAgeDays: 30, today: today, display: display())
        #expect(none.refusals == [none.line], "no certificate: the one refusal says so")
    }

    /// A batch's block names the display it showed on and the certificate held for it; the lab
    /// reads the display back from that text, and takes nothing else for one.
    @Test func aBlockNamesItsDisplayAndTheLabReadsItBack() {
        let standing = TimingCertificateStanding(latest: certificate(), maxAgeDays: nil, today: today, display: display(compositor: "weston"))
        let figures = ShownDisplayFigures.of(standing)
        #expect(figures.map(\.name) == ["display", "timing certificate"])
        #expect(figures.map(\.value) == ["1920×1080 at 60 Hz, X11, weston", "made 2026-11-20 09:30:00 on this display"])
        let elsewhere = TimingCertificateStanding(latest: certificate(), maxAgeDays: 30, today: today, display: display(width: 1280, height: 1024, hertz: 75))
        #expect(ShownDisplayFigures.of(elsewhere).map(\.value) == ["1280×1024 at 75 Hz, X11", "made 2026-11-20 09:30:00 on another display (size, refresh)"])
        #expect(ShownDisplayFigures.of(TimingCertificateStanding(latest: nil, maxAgeDays: nil, today: today, display: display())).map(\.value)
            == ["1920×1080 at 60 Hz, X11", "none"])
        #expect(ShownDisplayFigures.of(TimingCertificateStanding(latest: certificate(), maxAgeDays: nil, today: today, display: nil)).isEmpty,
                "a headless block shows nothing")

        for shown in [display(compositor: "weston"), display(hertz: nil, driver: "wayland", compositor: "weston, kiosk shell"),
                      display(driver: "kmsdrm", compositor: "")] {
            #expect(CurrentDisplay(described: shown.described) == shown)
        }
        let unnamed = CurrentDisplay(described: display().described)
        #expect(unnamed?.compositor == "" && unnamed.map { certificate().displayDifferences(from: $0) } == [], "an unnamed compositor stays unnamed")
        for text in ["", "1920×1080", "1920x1080 at 60 Hz, X11", "1920×1080 at sixty Hz, X11", "×1080 at 60 Hz, X11", "1920×1080 at 0 Hz, X11",
                     "1920×1080 at 60 Hz, ", "-1×1080 at 60 Hz, X11", "<b>1920</b>×1080 at 60 Hz, X11"] {
            #expect(CurrentDisplay(described: text) == nil, "\(text)")
        }
    }
}
