import Testing
import TestSupport
@testable import KioskCore

/// A MATB session under a corner patch, frame by frame at 60 Hz: each scenario event that
/// changes the screen turns the patch on the frame whose rows log its change, and no other does.
@Suite struct ShownScenarioEventsTests {
    private struct Frame {
        var seconds: Double
        var onsets: [DrawnOnset]
        var rows: [LogRecord]
    }

    private static func frames(_ scenario: String, until seconds: Double) throws -> [Frame] {
        let harness = try SessionHarness(scenario)
        let patched = OnsetPatchedBlock(harness.session, patch: TimingPatch(x: 0, y: 0, size: 40))
        var frames: [Frame] = []
        var lit = false
        for frame in 1...Int(seconds * 60) where !harness.session.isFinished {
            patched.advance(to: SessionHarness.at(Double(frame) / 60), inputs: [])
            let onsets = patched.takeFrameOnsets()
            #expect(patched.isLit != lit ? !onsets.isEmpty : onsets.isEmpty, "the patch turns exactly on frames with onsets")
            lit = patched.isLit
            frames.append(Frame(seconds: Double(frame) / 60, onsets: onsets, rows: harness.session.takeRecords()))
        }
        return frames
    }

    @Test func aPumpsFailureATasksCoverAndItsAutomationLabelAreEachCheckedOnTheFrameThatLogsThem() throws {
        let frames = try Self.frames("""
            0:00:00;sysmon;start
            0:00:00;track;start
            0:00:00;resman;start
            0:00:01;resman;pump-3-state;failure
            0:00:02;track;automaticsolver;True
            0:00:03;resman;pump-3-state;off
            0:00:03;track;hide
            0:00:04;track;show
            0:00:05;sysmon;lights-1-failure;True
            0:00:06;sysmon;stop
            0:00:06;track;stop
            0:00:06;resman;stop
            """, until: 7)
        let turns = frames.filter { !$0.onsets.isEmpty }
        #expect(turns.map(\.onsets) == [
            [DrawnOnset(kind: "resman event", label: "resman;pump-3-state;failure")],
            [DrawnOnset(kind: "track event", label: "track;automaticsolver;True")],
            [DrawnOnset(kind: "resman event", label: "resman;pump-3-state;off"), DrawnOnset(kind: "track event", label: "track;hide")],
            [DrawnOnset(kind: "track event", label: "track;show")],
            // Its own onset, the gauge showing it, not a `sysmon event` besides.
            [DrawnOnset(kind: "sysmon failure", label: "light1 (F5)")],
        ])
        // Each is the first frame at or after its event's time, the one whose rows log the change.
        #expect(turns.map { ($0.seconds * 60).rounded() } == [60, 120, 180, 240, 300])
        let changes = turns.prefix(4).map { $0.rows.filter { $0.kind == .state }.map { "\($0.module) \($0.address)" } }
        #expect(changes[0].contains("resman pump_3, triangle"))
        #expect(changes[1].contains("track automode, text"))
        #expect(changes[2].contains("resman pump_3, triangle") && changes[2].contains("track foreground, visibility"))
        #expect(changes[3].contains("track foreground, visibility"))
    }

    /// Parameters that only change the dynamics, a pump set to the state it shows, a hidden task's
    /// colour and a pause change nothing drawn; the stops that end the session come in its last
    /// frame, which gives way to the next screen and has no `presented` row.
    @Test func eventsThatChangeNothingOnScreenAreNotOnsets() throws {
        let frames = try Self.frames("""
            0:00:00;track;start
            0:00:00;resman;start
            0:00:01;track;joystickforce;3
            0:00:01;resman;pump-4-state;off
            0:00:01;resman;pump-1-flow;900
            0:00:02;track;hide
            0:00:03;track;cursorcolor;#FF00FF
            0:00:03;resman;pause
            0:00:04;track;stop
            0:00:04;resman;stop
            """, until: 5)
        let turns = frames.filter { !$0.onsets.isEmpty }
        #expect(turns.map(\.onsets) == [[DrawnOnset(kind: "track event", label: "track;hide")]])
        #expect(frames.last.map { ($0.seconds * 60).rounded() } == 240)
    }
}
