import Testing
@testable import KioskCore

@Suite struct BlockDisplaySummaryTests {
    @Test func namesTheOnsetClockAndEveryRefreshThatWentWrong() {
        let figures = ["onset clock": "display-presented", "late frames": "1", "missed refreshes": "12", "unreported frames": "0",
                       "block seconds": "60.000"]
        #expect(BlockDisplaySummary.of(figures) == "onsets display-presented, 12 missed refreshes, 1 late frame")
        #expect(BlockDisplaySummary.of(["onset clock": "display-presented", "missed refreshes": "1", "late frames": "0"])
                == "onsets display-presented, 1 missed refresh")
        #expect(BlockDisplaySummary.of(["onset clock": "software-timer"]) == "onsets software-timer")
    }

    @Test func uncertainFramesAreNamedButFlagNothing() {
        let figures = ["onset clock": "display-presented", "late frames": "0", "missed refreshes": "0", "unreported frames": "0",
                       "uncertain frames": "2"]
        #expect(BlockDisplaySummary.of(figures) == "onsets display-presented, 2 uncertain frames")
        #expect(BlockDisplaySummary.flagReason(figures) == nil)
        #expect(BlockDisplaySummary.of(figures.merging(["uncertain frames": "1"]) { $1 }) == "onsets display-presented, 1 uncertain frame")
    }

    @Test func aBlockWithoutAnOnsetClockHasNoSummary() {
        #expect(BlockDisplaySummary.of(["block seconds": "2.0", "frames": "120"]) == nil)
    }

    @Test func aFlaggedBlockSaysSoAndWhy() {
        let figures = ["onset clock": "display-presented", "late frames": "1", "missed refreshes": "12", "unreported frames": "0"]
        #expect(BlockDisplaySummary.flagReason(figures) == "12 missed refreshes, 1 late frame")
        #expect(BlockDisplaySummary.flagReason(["onset clock": "display-presented", "late frames": "0", "missed refreshes": "0"]) == nil)
        #expect(BlockDisplaySummary.flagReason(["onset clock": "display-presented", "unreported frames": "2"]) == "2 unreported frames")
        #expect(BlockDisplaySummary.flagReason(["frames": "120"]) == nil)
        let flagged = figures.merging([BlockDisplaySummary.flagFigure: "12 missed refreshes, 1 late frame"]) { $1 }
        #expect(BlockDisplaySummary.of(flagged) == "onsets display-presented, 12 missed refreshes, 1 late frame; data flagged")
    }

    @Test func theReportSaysWhichDisplayTheBlockWasShownOnAndItsCertificate() {
        let figures = ["onset clock": "display-presented", "missed refreshes": "2", "late frames": "1", BlockDisplaySummary.flagFigure: "2 missed refreshes",
                       "display": "1280×1024 at 75 Hz, X11", "timing certificate": "made 2026-11-20 09:30:00 on another display (size, refresh)"]
        #expect(BlockDisplaySummary.of(figures) == "onsets display-presented, 2 missed refreshes, 1 late frame; data flagged; shown on 1280×1024 at 75 Hz, X11, "
            + "timing certificate made 2026-11-20 09:30:00 on another display (size, refresh)")
        #expect(BlockDisplaySummary.of(["onset clock": "software-timer", "display": "1920×1080 at 60 Hz, Wayland, cage", "timing certificate": "none"])
            == "onsets software-timer; shown on 1920×1080 at 60 Hz, Wayland, cage, no timing certificate")
    }
}
