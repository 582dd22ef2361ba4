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
    var shownAfterNanoseconds: Int64 = 19_000_000

    init(_ scenario: String) throws {
        harness = try SessionHarness(scenario)
        log = harness.rows
        log += onsets.frameWritten(harness.rows, failingGauges: harness.session.failingGauges, start: SessionHarness.start,
                                   scenarioTime: harness.session.scenarioTime)
    }

    func shown(_ frame: MonotonicTime) -> MonotonicTime { MonotonicTime(nanoseconds: frame.nanoseconds + shownAfterNanoseconds) }

    /// Reports the last frame (as the next one begins), then runs the next, with `inputs` at
    /// their own times.
    mutating func nextFrame(inputs: [(InputEvent.Payload, at: MonotonicTime)] = [], reported: Bool = true) {
        let last = frameStarts[frameStarts.count - 1]
        log += onsets.framePresented(PresentationRecord(sequence: UInt64(frameStarts.count), presentedTime: shown(last), flags: .vsync,
                                                        clock: reported ? .displayPresented : .softwareTimer))
        let start = MonotonicTime(nanoseconds: last.nanoseconds + Self.frameNanoseconds)
        frameStarts.append(start)
        harness.session.advance(to: start, inputs: inputs.map { InputEvent(time: $0.at, $0.0) })
        let rows = harness.session.takeRecords()
        log += rows
        log += onsets.frameWritten(rows, failingGauges: harness.session.failingGauges, start: start, scenarioTime: harness.session.scenarioTime)
    }

    mutating func run(untilSeconds seconds: Double) {
        while frameStarts[frameStarts.count - 1].since(SessionHarness.start) < Int64(seconds * 1e9) && !harness.session.isFinished {
            nextFrame()
        }
    }

    var presentedRows: [LogRecord] { log.filter { $0.module == MATBPresentedOnsets.module } }
    var responseTimes: [LogRecord] { presentedRows.filter { $0.address.hasSuffix(" response_time") } }

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
        // Each frame but the last written has its pairing row: the report of the last comes with the next frame.
        #expect(pairs.count == run.frameStarts.count - 1)
        for (pair, frame) in zip(pairs, run.frameStarts) {
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

    @Test func aFailureAnsweredInTheFrameThatShowedItWaitsForThatFramesReport() throws {
        var run = try PresentedRun(Self.lightFailure)
        run.run(untilSeconds: 0.98)
        // The frame that runs the failure at 1 s also reads a press stamped after its start.
        let frameStart = MonotonicTime(nanoseconds: run.frameStarts[run.frameStarts.count - 1].nanoseconds + PresentedRun.frameNanoseconds)
        let press = MonotonicTime(nanoseconds: frameStart.nanoseconds + 5_000_000)
        run.nextFrame(inputs: [(.keyPress("F5"), at: press)])
        #expect(run.firstFrame(showing: "light1", after: 1) == run.frameStarts.last)
        #expect(run.responseTimes.isEmpty, "its refresh is not known yet")
        run.nextFrame()
        let response = try #require(run.responseTimes.first)
        #expect(response.value == .float(Double(press.since(run.shown(try #require(run.frameStarts.dropLast().last)))) / 1e6))
        #expect(response.value.number.map { $0 < 0 } == true, "pressed before the light was shown: an anticipation, kept as it is")
        let pairing = try #require(run.log.lastIndex { $0.address == MATBPresentedOnsets.frameAddress })
        #expect(run.log.firstIndex(of: response).map { $0 > pairing } == true, "after the report it waited for")
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
        #expect(run.presentedRows.count > 200)
    }

    @Test func verificationReadsPastThePresentedRows() {
        #expect(MATBPresentedOnsets.isPresentationRow(type: "manual", module: "presented"))
        #expect(!MATBPresentedOnsets.isPresentationRow(type: "manual", module: ""))
        #expect(!MATBPresentedOnsets.isPresentationRow(type: "state", module: "presented"))
    }
}
