import Testing

@testable import KioskCore

/// A `timing` run on a fake 60 Hz display: frame n starts at 16.667 n ms, is presented at the
/// next refresh, and a sensor sees its light `lag` later.
@Suite struct TimingAnalysisTests {
    let refresh: Int64 = 16_666_667
    let start: Int64 = 5_000_000_000

    private func frames(_ schedule: FlashSchedule) -> [ShownFrame] {
        (0..<schedule.totalFrames).map { n in
            ShownFrame(index: n, softwareTime: MonotonicTime(nanoseconds: start + Int64(n) * refresh + 3_000_000),
                       presentedTime: MonotonicTime(nanoseconds: start + Int64(n + 1) * refresh))
        }
    }

    private func light(_ schedule: FlashSchedule, lag: (Int) -> Int64) -> [LightEdge] {
        schedule.flashes.enumerated().flatMap { number, flash in
            let on = start + Int64(flash.firstFrame + 1) * refresh + lag(number)
            let off = start + Int64(flash.firstFrame + flash.frames + 1) * refresh + lag(number)
            return [LightEdge(time: MonotonicTime(nanoseconds: on), isLight: true), LightEdge(time: MonotonicTime(nanoseconds: off), isLight: false)]
        }
    }

    @Test func scheduleFlashesEachLengthAtDrawnGaps() {
        let schedule = FlashSchedule(repeats: 4, seed: 7)
        #expect(schedule.flashes.count == 20)
        for length in FlashSchedule.standardLengths { #expect(schedule.flashes.filter { $0.frames == length }.count == 4) }
        for (a, b) in zip(schedule.flashes, schedule.flashes.dropFirst()) {
            #expect(FlashSchedule.gapFrames.contains(b.firstFrame - (a.firstFrame + a.frames)))
        }
        #expect(schedule.flashLit(atFrame: 0) == nil)
        let flash = schedule.flashes[3]
        #expect(schedule.flashLit(atFrame: flash.firstFrame) == 3)
        #expect(schedule.flashLit(atFrame: flash.firstFrame + flash.frames - 1) == 3)
        #expect(schedule.flashLit(atFrame: flash.firstFrame + flash.frames) == nil)
        #expect(FlashSchedule(repeats: 4, seed: 7) == schedule)
        #expect(FlashSchedule(repeats: 4, seed: 8) != schedule)
    }

    @Test func exactLightGivesZeroLagAndVariability() throws {
        let schedule = FlashSchedule(repeats: 3, seed: 1)
        let measured = TimingAnalysis.measure(schedule: schedule, frames: frames(schedule), edges: light(schedule) { _ in 0 })
        let summary = TimingSummary(measured, refreshNanoseconds: TimingAnalysis.refreshNanoseconds(frames(schedule)))
        #expect(summary.measured == 15)
        let onset = try #require(summary.onset)
        #expect(abs(onset.mean) < 1e-9 && abs(onset.standardDeviation) < 1e-9)
        let duration = try #require(summary.duration)
        #expect(abs(duration.mean) < 1e-3 && duration.p99Absolute < 1e-3)
        // Light comes a refresh after the frame's start less the 3 ms the frame took to start.
        #expect(abs(try #require(summary.softwareOnset).mean - 13.666_667) < 1e-3)
        #expect(TimingVerdict.problems(summary, onsetClock: .displayPresented, stopped: false, sensor: "s").isEmpty)
    }

    /// A machine that shows a frame every third refresh: the refresh is the display's period,
    /// counted by its counter, not the interval between frames; a display without a counter
    /// gives the median interval, which a few late frames do not move.
    @Test func theRefreshIsTheDisplaysPeriodHoweverManyRefreshesWereMissed() throws {
        let everyThird = (0..<30).map { n in
            ShownFrame(index: n, softwareTime: MonotonicTime(nanoseconds: start + Int64(3 * n) * refresh),
                       presentedTime: MonotonicTime(nanoseconds: start + Int64(3 * n + 1) * refresh + (n % 2 == 0 ? 0 : 400_000)),
                       refreshCounter: UInt64(1000 + 3 * n + 1))
        }
        let counted = try #require(TimingAnalysis.refreshNanoseconds(everyThird))
        #expect(abs(counted - Double(refresh)) < 200_000, "\(counted)")
        let uncounted = everyThird.map { ShownFrame(index: $0.index, softwareTime: $0.softwareTime, presentedTime: $0.presentedTime) }
        #expect(abs(try #require(TimingAnalysis.refreshNanoseconds(uncounted)) - Double(3 * refresh)) < 500_000, "no counter: the frames' interval")
        var oneLate = frames(FlashSchedule(repeats: 1, seed: 1))
        for n in oneLate.indices { oneLate[n].refreshCounter = UInt64(n + 1) }
        for n in 3..<oneLate.count {
            oneLate[n].presentedTime = oneLate[n].presentedTime.map { MonotonicTime(nanoseconds: $0.nanoseconds + refresh) }
            oneLate[n].refreshCounter? += 1
        }
        #expect(abs(try #require(TimingAnalysis.refreshNanoseconds(oneLate)) - Double(refresh)) < 1)

        // What the summary says of them: every third refresh shown, two missed before each frame.
        #expect(TimingAnalysis.missedRefreshes(everyThird) == TimingSummary.MissedRefreshes(missed: 58, lateFrames: 29))
        #expect(TimingAnalysis.missedRefreshes(oneLate) == TimingSummary.MissedRefreshes(missed: 1, lateFrames: 1))
        #expect(TimingAnalysis.missedRefreshes(uncounted) == nil, "a display that counts no refreshes")
        let lines = TimingSummary([], refreshNanoseconds: Double(refresh), missedRefreshes: TimingAnalysis.missedRefreshes(oneLate)).lines
        #expect(lines.contains("refreshes missed: 1, in 1 frame shown late"))
        #expect(!TimingSummary([], refreshNanoseconds: Double(refresh)).lines.contains { $0.hasPrefix("refreshes missed") })
    }

    @Test func lagAndVariabilityAreTheMeanAndSDOfLightMinusOnset() throws {
        let schedule = FlashSchedule(repeats: 2, seed: 2)
        // Alternating 1 ms and 3 ms late: lag 2 ms, SD sqrt(10/9) ms over 10 flashes.
        let measured = TimingAnalysis.measure(schedule: schedule, frames: frames(schedule),
                                              edges: light(schedule) { $0 % 2 == 0 ? 1_000_000 : 3_000_000 })
        let onset = try #require(TimingSummary(measured, refreshNanoseconds: Double(refresh)).onset)
        #expect(abs(onset.mean - 2) < 1e-9)
        #expect(abs(onset.standardDeviation - (10.0 / 9).squareRoot()) < 1e-9)
        #expect(abs(onset.p99Absolute - 3) < 1e-9)
        #expect(measured[0].row.split(separator: "\t", omittingEmptySubsequences: false).count == 9)
        #expect(FlashMeasurement.header.split(separator: "\t").count == 9)
    }

    @Test func aFlashWhoseRefreshIsUncertainCarriesTheEarliestThatMayHaveShownIt() {
        let schedule = FlashSchedule(repeats: 1, seed: 3)
        var shown = frames(schedule)
        // The first flash's first frame and the frame after its last: each counter stepped during the copy.
        let flash = schedule.flashes[0]
        for index in [flash.firstFrame, flash.firstFrame + flash.frames] {
            shown[index].earliestPossibleTime = MonotonicTime(nanoseconds: shown[index].presentedTime!.nanoseconds - refresh)
        }
        let measured = TimingAnalysis.measure(schedule: schedule, frames: shown, edges: light(schedule) { _ in 0 })
        #expect(measured[0].presentedOn == shown[flash.firstFrame].presentedTime, "the flash stays at the reported refresh")
        #expect(measured[0].presentedOnEarliest == shown[flash.firstFrame].earliestPossibleTime)
        #expect(measured[0].presentedOffEarliest == shown[flash.firstFrame + flash.frames].earliestPossibleTime)
        let cells = measured[0].row.split(separator: "\t", omittingEmptySubsequences: false)
        #expect(cells[7] == TabSeparated.decimal(measured[0].presentedOnEarliest!.seconds, places: 6))
        #expect(measured[1].presentedOnEarliest == nil && measured[1].row.hasSuffix("\t\t"))
    }

    @Test func aVirtualHumansPressesGiveTheResponseTimeErrorAfterItsDelay() throws {
        let schedule = FlashSchedule(repeats: 2, seed: 5)
        let edges = light(schedule) { $0 % 2 == 0 ? 1_000_000 : 3_000_000 }
        // The box presses 120 ms after each light-on, and once more before the first flash (noise
        // from before the run), which no flash's window holds.
        let presses = [MonotonicTime(nanoseconds: start)] + edges.filter(\.isLight).map { MonotonicTime(nanoseconds: $0.time.nanoseconds + 120_000_000) }
        let measured = TimingAnalysis.measure(schedule: schedule, frames: frames(schedule), edges: edges, responses: presses)
        #expect(measured.allSatisfy { $0.response != nil })
        #expect(measured[0].row.hasSuffix("\t" + TabSeparated.decimal(presses[1].seconds, places: 6) + "\t\t"))
        let summary = TimingSummary(measured, refreshNanoseconds: Double(refresh), responseDelayMilliseconds: 120)
        #expect(summary.answered == 10)
        let rt = try #require(summary.responseTime)
        // Press − onset − 120 ms is the light's own lateness: 1 or 3 ms, alternately.
        #expect(abs(rt.mean - 2) < 1e-6 && abs(rt.standardDeviation - (10.0 / 9).squareRoot()) < 1e-6)
        #expect(summary.lines.contains("responses: 10 of 10 flashes answered"))
        #expect(summary.lines.contains { $0.hasPrefix("response time (press - logged onset - the device's 120.000 ms): lag 2.000 ms") })
        #expect(TimingVerdict.problems(summary, onsetClock: .displayPresented, stopped: false, sensor: "s").isEmpty)

        // Without a device the table's cell is empty and the summary has no response lines.
        let alone = TimingSummary(TimingAnalysis.measure(schedule: schedule, frames: frames(schedule), edges: edges), refreshNanoseconds: Double(refresh))
        #expect(alone.responseTime == nil && !alone.lines.contains { $0.hasPrefix("response") })
    }

    @Test func aResponseDeviceThatMissesFlashesIsAProblem() {
        let schedule = FlashSchedule(repeats: 1, seed: 6)
        let edges = light(schedule) { _ in 0 }
        let presses = edges.filter(\.isLight).prefix(3).map { MonotonicTime(nanoseconds: $0.time.nanoseconds + 100_000_000) }
        let summary = TimingSummary(TimingAnalysis.measure(schedule: schedule, frames: frames(schedule), edges: edges, responses: Array(presses)),
                                    refreshNanoseconds: Double(refresh), responseDelayMilliseconds: 100)
        let problems = TimingVerdict.problems(summary, onsetClock: .displayPresented, stopped: false, sensor: "s")
        #expect(problems == ["the response device answered 3 of 5 flashes: is its own sensor on the patch, and its delay shorter than the dark gap between flashes (300 ms)?"])
    }

    @Test func noLightIsAProblemNamingTheSensor() {
        let schedule = FlashSchedule(repeats: 1, seed: 3)
        let summary = TimingSummary(TimingAnalysis.measure(schedule: schedule, frames: frames(schedule), edges: []), refreshNanoseconds: nil)
        let problems = TimingVerdict.problems(summary, onsetClock: .displayPresented, stopped: false, sensor: "/dev/input/event9")
        #expect(problems.count == 1)
        #expect(problems[0].contains("/dev/input/event9 never saw light in 5 flashes"))
        #expect(summary.lines.contains("visual onset (light on - logged onset): not measured"))
    }

    @Test func flickerWithinAFlashIsAProblem() {
        let schedule = FlashSchedule(repeats: 1, seed: 4)
        var edges = light(schedule) { _ in 0 }
        // The first flash's light pulses dark for 1 ms a millisecond after it came on.
        let on = edges[0].time.nanoseconds
        edges += [LightEdge(time: MonotonicTime(nanoseconds: on + 1_000_000), isLight: false),
                  LightEdge(time: MonotonicTime(nanoseconds: on + 2_000_000), isLight: true)]
        let summary = TimingSummary(TimingAnalysis.measure(schedule: schedule, frames: frames(schedule), edges: edges), refreshNanoseconds: Double(refresh))
        #expect(summary.flickering == 1)
        let problems = TimingVerdict.problems(summary, onsetClock: .displayPresented, stopped: false, sensor: "s")
        #expect(problems.contains { $0.contains("sees flicker: 1 of 5 flashes") })
    }

    @Test func aDisplayWithoutPresentationAndAStoppedRunAreProblems() {
        let summary = TimingSummary([], refreshNanoseconds: nil)
        let problems = TimingVerdict.problems(summary, onsetClock: .softwareTimer, stopped: true, sensor: "s")
        #expect(problems.count == 2)
        #expect(problems[0].contains("reports no presentation (onset clock: software-timer)"))
    }

    @Test func aPatchOffTheScreenIsRefused() {
        let canvas = Canvas(width: 800, height: 600)
        #expect(TimingPatch(x: 0, y: 0, size: 100).problem(on: canvas) == nil)
        #expect(TimingPatch(x: 700, y: 500, size: 100).problem(on: canvas) == nil)
        #expect(TimingPatch(x: 750, y: 0, size: 100).problem(on: canvas)?.contains("off the 800×600 screen: x must be 0 to 700 and y 0 to 500") == true)
        #expect(TimingPatch(x: -1, y: 0, size: 10).problem(on: canvas) != nil)
        #expect(TimingPatch(x: 0, y: 0, size: 0).problem(on: canvas) != nil)
        #expect(TimingPatch(x: 10, y: 20, size: 30).rect(on: canvas) == Rect(left: 10, bottom: 550, width: 30, height: 30))
    }

    @Test func theBlockLightsThePatchOnTheScheduledFrames() {
        let schedule = FlashSchedule(repeats: 1, seed: 5)
        let block = TimingBlock(canvas: Canvas(width: 400, height: 300), placement: .at(TimingPatch(x: 0, y: 0, size: 50)), schedule: schedule)
        block.begin(at: MonotonicTime(nanoseconds: 0))
        var lit: [Int] = []
        var frame: Int64 = 0
        while !block.isFinished {
            block.advance(to: MonotonicTime(nanoseconds: frame * refresh), inputs: [])
            frame += 1
            let patchFilled = block.drawList().commands.contains(.fillRect(Rect(left: 0, bottom: 250, width: 50, height: 50), Color(255, 255, 255)))
            #expect(patchFilled == (block.litFlash != nil))
            if patchFilled { lit.append(block.frame) }
        }
        #expect(lit.count == FlashSchedule.standardLengths.reduce(0, +))
        #expect(block.frame == schedule.totalFrames - 1)
        #expect(!block.wasStopped)
    }

    @Test func escapeStopsTheRunAndTheFiguresDoNotStand() {
        let block = TimingBlock(canvas: Canvas(width: 400, height: 300), placement: .at(TimingPatch(x: 0, y: 0, size: 50)), schedule: FlashSchedule(repeats: 1, seed: 6))
        block.begin(at: MonotonicTime(nanoseconds: 0))
        block.advance(to: MonotonicTime(nanoseconds: refresh), inputs: [])
        block.advance(to: MonotonicTime(nanoseconds: 2 * refresh), inputs: [InputEvent(time: MonotonicTime(nanoseconds: 2 * refresh), .keyPress("ESCAPE"))])
        #expect(block.isFinished && block.wasStopped)
        #expect(block.frame == 0)
    }
}

@Suite struct TimingFileTests {
    @Test func aTimingFileGivesTheSensorPatchAndRepeats() throws {
        let file = try TimingFile.read("sensor = \"/dev/input/event7\"\nsensor_key = 288\npatch_x = 10\npatch_y = 20\npatch_size = 50\nrepeats = 3\n",
                                       file: "t.toml").get()
        #expect(file == TimingFile(sensor: .button(device: "/dev/input/event7", key: 288), patch: TimingPatch(x: 10, y: 20, size: 50), findsPatch: false, repeats: 3))
        let defaults = try TimingFile.read("sensor = \"/dev/input/event7\"\n", file: "t.toml").get()
        #expect(defaults.patch == TimingPatch(x: 0, y: 0, size: 100) && defaults.repeats == 20 && defaults.sensor == .button(device: "/dev/input/event7", key: nil))
        #expect(defaults.response == nil)
        let answered = try TimingFile.read("sensor = \"/dev/input/event7\"\nresponse = \"/dev/input/event8\"\nresponse_delay_ms = 120\n", file: "t.toml").get()
        #expect(answered.response == TimingFile.Response(device: "/dev/input/event8", key: nil, delayMilliseconds: 120))
    }

    @Test func aLineInSensorIsTheDefaultCaptureDeviceOrANamedOne() throws {
        let lineIn = try TimingFile.read("line_in = true\npatch_x = 10\npatch_y = 20\nresponse = \"/dev/input/event8\"\nresponse_delay_ms = 120\n", file: "t.toml").get()
        #expect(lineIn == TimingFile(sensor: .lineIn(device: nil), patch: TimingPatch(x: 10, y: 20, size: 100), findsPatch: false, repeats: 20,
                                     response: TimingFile.Response(device: "/dev/input/event8", key: nil, delayMilliseconds: 120)))
        #expect(lineIn.sensor.description == "line-in (the default capture device)")
        let named = try TimingFile.read("line_in = true\nline_in_device = \"USB Audio Analog Stereo\"\n", file: "t.toml").get()
        #expect(named.sensor == .lineIn(device: "USB Audio Analog Stereo") && named.sensor.description == "line-in USB Audio Analog Stereo")
        let off = try TimingFile.read("sensor = \"/dev/input/event7\"\nline_in = false\n", file: "t.toml").get()
        #expect(off.sensor == .button(device: "/dev/input/event7", key: nil))
    }

    @Test func aLineInSensorIsRefusedWhatItCannotDoAtEachPlace() {
        guard case .failure(let errors) = TimingFile.read("line_in = true\nsensor = \"/dev/input/event7\"\nsensor_key = 288\nfind_patch = true\n"
                                                          + "line_in_device = \"\"\n", file: "t.toml") else {
            Issue.record("a line-in that names a button sensor and a search was read")
            return
        }
        let messages = errors.diagnostics.map { "t.toml:\($0.line):\($0.column) \($0.message)" }
        #expect(messages.contains("t.toml:2:10 `sensor` and `line_in = true` name two light sensors; keep one"), "\(messages)")
        #expect(messages.contains("t.toml:3:14 `sensor_key` is a key of a button-input `sensor`; a line-in sensor has none"), "\(messages)")
        #expect(messages.contains { $0.hasPrefix("t.toml:4:14 `find_patch` reads the sensor while the screen flashes, which a line-in sensor") }, "\(messages)")
        #expect(messages.contains("t.toml:5:18 `line_in_device` is the capture device's name, in quotes"), "\(messages)")
        #expect(errors.diagnostics.count == 4)

        for (text, expected) in [
            ("line_in = \"yes\"\n", "1:11 `line_in` is true or false; got yes"),
            ("sensor = \"/dev/input/event7\"\nline_in_device = \"hw:1\"\n", "2:18 `line_in_device` names the capture device of a line-in sensor; add `line_in = true`"),
        ] {
            guard case .failure(let errors) = TimingFile.read(text, file: "t.toml") else {
                Issue.record("\(text) was read")
                continue
            }
            #expect(errors.diagnostics.map { "\($0.line):\($0.column) \($0.message)" }.contains(expected), "\(errors.diagnostics)")
        }
    }

    @Test func aResponseDeviceNeedsItsDelayAndADelayItsDevice() {
        for (text, expected) in [
            ("response = \"/dev/input/event8\"\n", "2:12 `response` needs `response_delay_ms`"),
            ("response_delay_ms = 120\n", "2:21 `response_key` and `response_delay_ms` describe a `response` device"),
            ("response = \"/dev/input/event8\"\nresponse_delay_ms = 400\n", "3:21 `response_delay_ms` is the response device's delay after light in ms"),
        ] {
            guard case .failure(let errors) = TimingFile.read("sensor = \"/dev/input/event7\"\n" + text, file: "t.toml") else {
                Issue.record("\(text) was read")
                continue
            }
            #expect(errors.diagnostics.map { "\($0.line):\($0.column) \($0.message)" }.contains { $0.hasPrefix(expected) }, "\(errors.diagnostics)")
        }
    }

    @Test func everyProblemIsReportedWithItsPlace() {
        guard case .failure(let errors) = TimingFile.read("patch_x = -3\nrepeats = 0\ncolour = \"red\"\n", file: "t.toml") else {
            Issue.record("a bad timing file was read")
            return
        }
        let messages = errors.diagnostics.map { "\($0.line):\($0.column) \($0.message)" }
        #expect(messages.contains("1:1 no `sensor`: a timing file names the light sensor's event device (`sensor = \"/dev/input/event7\"`), "
                                  + "or `line_in = true` for a photodiode on a sound card's line-in"))
        #expect(messages.contains { $0.hasPrefix("1:11 `patch_x` is pixels from the screen's left, a whole number from 0 to 100000; got -3") })
        #expect(messages.contains { $0.hasPrefix("2:11 `repeats` is flashes of each length, a whole number from 1 to 1000; got 0") })
        #expect(messages.contains { $0.hasPrefix("3:1 unknown key `colour`") })
        #expect(errors.diagnostics.count == 4)
    }
}
