import Testing
import TestSupport
@testable import KioskCore

/// A real MATB session run frame by frame at 60 Hz, its rows handed to ``MATBPresentedOnsets``
/// as a window's host hands them, each frame reported by a fake display `shownAfter` its start.
private struct PresentedRun {
    static let frameNanoseconds: Int64 = 16_666_667
    let harness: SessionHarness
    var onsets = MATBPresentedOnsets()
    /// The log as written: each frame's rows, what came back at once, then its report's rows.
    var log: [LogRecord]
    var frameStarts: [MonotonicTime] = [SessionHarness.start]
    /// The frames that wrote rows (a frame between two task updates writes none).
    var framesWithRows: [MonotonicTime] = [SessionHarness.start]
    var shownAfterNanoseconds: Int64 = 19_000_000

    init(_ scenario: String) throws {
        harness = try SessionHarness(scenario)
        log = harness.rows
        log += onsets.frameWritten(harness.rows, shownFailures: harness.session.shownSysmonFailures, start: SessionHarness.start,
                                   scenarioTime: harness.session.scenarioTime)
    }

    func shown(_ frame: MonotonicTime) -> MonotonicTime { MonotonicTime(nanoseconds: frame.nanoseconds + shownAfterNanoseconds) }

    /// The display's report of `frame`, or its absence (the software timer's fallback);
    /// `uncertain`: the counter stepped during its copy, so the refresh before may have shown it.
    mutating func report(_ frame: MonotonicTime, reported: Bool = true, uncertain: Bool = false) {
        let earlier = MonotonicTime(nanoseconds: shown(frame).nanoseconds - Self.frameNanoseconds)
        log += onsets.framePresented(PresentationRecord(sequence: 0, presentedTime: shown(frame), flags: .vsync,
                                                        clock: reported ? .displayPresented : .softwareTimer,
                                                        earliestPossibleTime: uncertain ? earlier : nil))
    }

    /// Reports the last frame (as the next one begins, unless `reportingLast` is false), then
    /// runs the next, with `inputs` at their own times.
    mutating func nextFrame(inputs: [(InputEvent.Payload, at: MonotonicTime)] = [], reportingLast: Bool = true, reported: Bool = true,
                            uncertain: Bool = false) {
        let last = frameStarts[frameStarts.count - 1]
        if reportingLast { report(last, reported: reported, uncertain: uncertain) }
        let start = MonotonicTime(nanoseconds: last.nanoseconds + Self.frameNanoseconds)
        frameStarts.append(start)
        harness.session.advance(to: start, inputs: inputs.map { InputEvent(time: $0.at, $0.0) })
        let rows = harness.session.takeRecords()
        if !rows.isEmpty { framesWithRows.append(start) }
        log += rows
        log += onsets.frameWritten(rows, shownFailures: harness.session.shownSysmonFailures, start: start, scenarioTime: harness.session.scenarioTime)
    }

    mutating func run(untilSeconds seconds: Double) {
        while frameStarts[frameStarts.count - 1].since(SessionHarness.start) < Int64(seconds * 1e9) && !harness.session.isFinished {
            nextFrame()
        }
    }

    var presentedRows: [LogRecord] { log.filter { $0.module == MATBPresentedOnsets.module } }
    var responseTimes: [LogRecord] { presentedRows.filter { $0.address.contains(" response_time") } }

    /// The first frame that wrote a row for `widget` (`light1, background`, …) at or after `seconds`.
    func firstFrame(showing widget: String, after seconds: Double) -> MonotonicTime? {
        let from = MonotonicTime(nanoseconds: SessionHarness.start.nanoseconds + Int64(seconds * 1e9))
        return log.first { $0.kind == .state && $0.module == "sysmon" && $0.address.hasPrefix(widget + ", ") && $0.logtime >= from }?.logtime
    }
}

@Suite struct MATBPresentedOnsetsTests {
    static let lightFailure = """
        0:00:00;sysmon;start
        0:00:00;track;start
        0:00:01;sysmon;lights-1-failure;True
        0:00:04;sysmon;stop
        0:00:04;track;stop
        """

    @Test func everyFrameThatWroteRowsIsFollowedByTheRefreshThatShowedIt() throws {
        var run = try PresentedRun(Self.lightFailure)
        run.run(untilSeconds: 1.5)
        run.nextFrame()
        let pairs = run.log.enumerated().filter { $0.element.module == MATBPresentedOnsets.module && $0.element.address == "frame" }
        // Each frame that wrote rows but the last frame has its pairing row: the last one's report comes with the next frame.
        let reported = run.framesWithRows.filter { $0 != run.frameStarts.last }
        #expect(reported.count > 60 && reported.count < run.frameStarts.count - 1)
        #expect(pairs.count == reported.count)
        for (pair, frame) in zip(pairs, reported) {
            #expect(pair.element.kind == .manual)
            #expect(pair.element.value == .float(frame.seconds), "the row names the frame's start, which its rows carry")
            #expect(pair.element.logtime == run.shown(frame), "its logtime is the refresh the display reported")
            // It comes after every row of its frame and before any of the next frame's.
            let rowsOfFrame = run.log.indices.filter { run.log[$0].logtime == frame && run.log[$0].module != MATBPresentedOnsets.module }
            #expect(rowsOfFrame.allSatisfy { $0 < pair.offset })
            let next = MonotonicTime(nanoseconds: frame.nanoseconds + PresentedRun.frameNanoseconds)
            #expect(run.log.indices.filter { run.log[$0].logtime == next }.allSatisfy { $0 > pair.offset })
        }
    }

    @Test func aSysmonResponseRunsFromTheRefreshThatFirstShowedItsFailureToTheInputsOwnTime() throws {
        var run = try PresentedRun(Self.lightFailure)
        run.run(untilSeconds: 2.5)
        let press = MonotonicTime(nanoseconds: run.frameStarts[run.frameStarts.count - 1].nanoseconds + 4_321_000)
        run.nextFrame(inputs: [(.keyPress("F5"), at: press)])
        run.run(untilSeconds: 3)
        let onsetFrame = try #require(run.firstFrame(showing: "light1", after: 1))
        #expect(onsetFrame.since(SessionHarness.start) >= 1_000_000_000, "the light changes in the frame the failure began")
        let response = try #require(run.responseTimes.first)
        #expect(run.responseTimes.count == 1)
        #expect(response.address == "sysmon F5 response_time")
        #expect(response.logtime == press)
        #expect(response.value == .float(Double(press.since(run.shown(onsetFrame))) / 1e6))
        // OpenMATB's own response time stays as the scenario counted it, in task updates.
        let counted = run.log.first { $0.kind == .performance && $0.module == "sysmon" && $0.address == "response_time" }
        #expect(counted?.value.number.map { $0.truncatingRemainder(dividingBy: 200) == 0 } == true)
    }

    @Test func aScalesFailureIsTimedFromTheRefreshThatShowedItsArrowInAnOuterThird() throws {
        var run = try PresentedRun("""
            0:00:00;sysmon;start
            0:00:01;sysmon;scales-2-failure;True
            0:00:04;sysmon;stop
            """)
        run.run(untilSeconds: 2.5)
        let press = run.frameStarts[run.frameStarts.count - 1]
        run.nextFrame(inputs: [(.keyPress("F2"), at: press)])
        run.run(untilSeconds: 3)
        // The failure begins at sysmon's update at 1 s; its arrow leaves the middle at the next.
        let outer = try #require(run.log.first { row in
            row.kind == .state && row.address == "scale2, arrow" && row.logtime >= SessionHarness.at(1)
                && row.value.number.map { !(3...7).contains(Int($0)) } == true
        })
        #expect(outer.logtime > SessionHarness.at(1.1))
        let response = try #require(run.responseTimes.first)
        #expect(response.address == "sysmon F2 response_time")
        #expect(response.value == .float(Double(press.since(run.shown(outer.logtime))) / 1e6))
    }

    @Test func aResponseWhoseFailuresReportIsLateWaitsForIt() throws {
        var run = try PresentedRun(Self.lightFailure)
        run.run(untilSeconds: 0.98)
        run.nextFrame()                                       // the failure at 1 s, drawn
        let failureFrame = try #require(run.frameStarts.last)
        #expect(run.firstFrame(showing: "light1", after: 1) == failureFrame)
        // The next frame reads a press stamped 2 ms into it, before the display reports the failure's frame.
        let press = MonotonicTime(nanoseconds: failureFrame.nanoseconds + PresentedRun.frameNanoseconds + 2_000_000)
        run.nextFrame(inputs: [(.keyPress("F5"), at: press)], reportingLast: false)
        #expect(run.log.contains { $0.kind == .performance && $0.value == .string("HIT") })
        #expect(run.responseTimes.isEmpty, "its refresh is not known yet")
        run.report(failureFrame)
        let response = try #require(run.responseTimes.first)
        #expect(response.value == .float(Double(press.since(run.shown(failureFrame))) / 1e6))
        #expect(response.value.number.map { $0 < 0 } == true, "pressed before the light was shown: an anticipation, kept as it is")
        let pairing = try #require(run.log.lastIndex { $0.address == MATBPresentedOnsets.frameAddress })
        #expect(run.log[pairing].value == .float(failureFrame.seconds))
        #expect(run.log.firstIndex(of: response).map { $0 > pairing } == true, "after the report it waited for")
    }

    @Test func aFrameThatMayHaveShownARefreshEarlierSaysSoAsDoesTheResponseTimedFromIt() throws {
        var run = try PresentedRun(Self.lightFailure)
        run.run(untilSeconds: 0.98)
        run.nextFrame()                                       // the failure's frame
        let failureFrame = try #require(run.frameStarts.last)
        run.nextFrame(uncertain: true)                        // its counter stepped during the copy
        run.run(untilSeconds: 2)
        let press = run.frameStarts[run.frameStarts.count - 1]
        run.nextFrame(inputs: [(.keyPress("F5"), at: press)])
        run.run(untilSeconds: 2.5)
        let uncertain = run.presentedRows.filter { $0.address == MATBPresentedOnsets.uncertainFrameAddress }
        #expect(uncertain.count == 1)
        // The row keeps the reported (later) refresh and the frame's start, as a `frame` row does.
        #expect(uncertain.first?.logtime == run.shown(failureFrame))
        #expect(uncertain.first?.value == .float(failureFrame.seconds))
        let response = try #require(run.responseTimes.first)
        #expect(response.address == "sysmon F5 response_time uncertain")
        #expect(response.value == .float(Double(press.since(run.shown(failureFrame))) / 1e6))
        #expect(run.presentedRows.filter { $0.address == MATBPresentedOnsets.frameAddress }.count > 60, "the other frames are certain")
    }

    @Test func aFrameTheDisplayDidNotReportSaysSoAndTimesNoResponse() throws {
        var run = try PresentedRun(Self.lightFailure)
        run.run(untilSeconds: 0.98)
        run.nextFrame()                                       // the failure's frame
        run.nextFrame(reported: false)                        // its report did not come
        run.run(untilSeconds: 2)
        run.nextFrame(inputs: [(.keyPress("F5"), at: run.frameStarts[run.frameStarts.count - 1])])
        run.run(untilSeconds: 2.5)
        let unreported = run.presentedRows.filter { $0.address == MATBPresentedOnsets.unreportedFrameAddress }
        #expect(unreported.count == 1)
        #expect(run.log.contains { $0.kind == .performance && $0.value == .string("HIT") })
        #expect(run.responseTimes.isEmpty, "a failure shown by a frame no display reported has no presented onset")
    }

    @Test func theAutomaticSolversHitsHaveNoResponseTime() throws {
        var run = try PresentedRun("""
            0:00:00;sysmon;start
            0:00:00;sysmon;automaticsolver;True
            0:00:01;sysmon;lights-1-failure;True
            0:00:04;sysmon;stop
            """)
        run.run(untilSeconds: 3.5)
        #expect(run.log.contains { $0.kind == .performance && $0.value == .string("HIT") })
        #expect(run.responseTimes.isEmpty, "no input answered it")
    }

    @Test func nothingFollowsTheSessionsEndRow() throws {
        var run = try PresentedRun(Self.lightFailure)
        run.run(untilSeconds: 5)
        #expect(run.harness.session.isFinished)
        run.nextFrame()
        let end = try #require(run.log.lastIndex { $0.kind == .manual && $0.value == .string("end") })
        #expect(end == run.log.count - 1)
        #expect(run.presentedRows.count == run.framesWithRows.count - 1, "every frame but the one that wrote the end row")
    }

    @Test func verificationReadsPastThePresentedRows() {
        #expect(MATBPresentedOnsets.isPresentationRow(type: "manual", module: "presented"))
        #expect(!MATBPresentedOnsets.isPresentationRow(type: "manual", module: ""))
        #expect(!MATBPresentedOnsets.isPresentationRow(type: "state", module: "presented"))
    }
}

@Suite struct MATBDrawnOnsetsTests {
    /// A page of instructions at 1 s, a light failure at 3 s, under a corner patch: the patch turns
    /// on the frame that shows the page, the next page and the failure, and on no other.
    @Test func theCornerPatchTurnsOnEachPageAndEachFailureAGaugeFirstShows() throws {
        let harness = try SessionHarness("""
            0:00:00;sysmon;start
            0:00:00;track;start
            0:00:01;instructions;filename;two.txt
            0:00:01;instructions;start
            0:00:03;sysmon;lights-1-failure;True
            0:00:04;sysmon;stop
            0:00:04;track;stop
            """, includes: ["two.txt": "<p>First page</p>\n<newpage>\n<p>Second page</p>"])
        let patched = OnsetPatchedBlock(harness.session, patch: TimingPatch(x: 0, y: 0, size: 40))
        var turns: [(seconds: Double, onsets: [DrawnOnset])] = []
        var lit = false
        for frame in 1...300 {
            let seconds = Double(frame) / 60
            let time = SessionHarness.at(seconds)
            let space = (frame == 100 || frame == 110) ? [InputEvent(time: time, .keyRelease("SPACE"))] : []
            patched.advance(to: time, inputs: space)
            let onsets = patched.takeFrameOnsets()
            _ = harness.session.takeRecords()
            #expect(patched.isLit != lit ? !onsets.isEmpty : onsets.isEmpty, "the patch turns exactly on frames with onsets")
            lit = patched.isLit
            if !onsets.isEmpty { turns.append((seconds, onsets)) }
        }
        #expect(turns.map(\.onsets) == [[DrawnOnset(kind: "page", label: "instructions")], [DrawnOnset(kind: "page", label: "instructions")],
                                        [DrawnOnset(kind: "sysmon failure", label: "light1 (F5)")]])
        let times = turns.map(\.seconds)
        // The scenario's clock stood still while the instructions showed, from 1 s to frame 110.
        #expect(times.count == 3 && (1.0..<1.02).contains(times[0]) && times[1] == 100.0 / 60)
        #expect(times.count == 3 && (110.0 / 60 + 2 ..< 110.0 / 60 + 2.02).contains(times[2]))
    }
}
