import Testing
import TestSupport
@testable import KioskCore

@Suite struct MATBBlockTests {
    private static let twoTasks = """
        0:00:00;sysmon;start
        0:00:00;track;start
        0:00:01;sysmon;scales-1-failure;True
        0:00:01;track;cursorcolor;RED
        0:00:02;track;pause
        0:00:02;sysmon;alerttimeout;5000
        0:00:02;track;resume
        0:00:03;sysmon;stop
        0:00:03;track;stop
        """

    @Test func openingRowsRenderScenarioTimeAsInteger() throws {
        let harness = try SessionHarness(Self.twoTasks)
        let lines = harness.linesWithoutLogtime
        #expect(lines[0] == "0,version,,,test")
        #expect(lines[1] == "0,scenario_path,,,test.txt")
        // labkiosk's settings rows come next (docs/verify.md), then the plugins' rows.
        #expect(lines[2] == "0,manual,labkiosk,session,1")
        #expect(lines[19] == "0,manual,labkiosk,stick_gain,1.0")
        // OpenMATB creates the cover first, then the alarm frame, then the title.
        #expect(lines[20] == "0.0,aoi,sysmon,foreground,\"(0, 1026.0, 672, 540.0)\"")
        #expect(lines[21].hasPrefix("0.0,aoi,sysmon,overdue,"))
        #expect(lines[22] == "0.0,aoi,sysmon,task_title,\"(0, 1080.0, 672, 1026.0)\"")
    }

    @Test func logDoesNotDependOnFrameSteps() throws {
        var reference = try SessionHarness(Self.twoTasks, makePlugin: { _, _ in RecordingPlugin() })
        reference.run(until: 5, step: 1.0 / 60)
        for step in [1.0 / 7, 0.5, 5.0] {
            var other = try SessionHarness(Self.twoTasks, makePlugin: { _, _ in RecordingPlugin() })
            other.run(until: 5, step: step)
            let difference = other.linesWithoutLogtime.difference(from: reference.linesWithoutLogtime)
            #expect(difference.isEmpty, "step \(step): \(Array(difference).prefix(6))")
        }
        #expect(reference.session.isFinished)
        #expect(reference.linesWithoutLogtime.last == "3.0,manual,,,end")
    }

    @Test func fixedCadenceStepsAtExactMultiples() throws {
        let sysmon = RecordingPlugin(), track = RecordingPlugin()
        var harness = try SessionHarness(Self.twoTasks, makePlugin: { d, _ in d.alias == "sysmon" ? sysmon : track })
        harness.run(until: 5, step: 1.0 / 60)
        #expect(sysmon.updates.count == 15)
        #expect(sysmon.updates.prefix(3) == [.zero, .milliseconds(200), .milliseconds(400)])
        // track: 0...1.98 in 20 ms steps, paused and resumed at 2.0 (an update at 2.0), then to 2.98.
        #expect(track.updates.count == 150)
        #expect(track.updates.allSatisfy { $0.nanoseconds % 20_000_000 == 0 })
    }

    /// OpenMATB's loop passes (``OpenMATBLoopClock``): a task computes at the first pass at or
    /// after its deadline and sets the next one from there. Over 60 s, OpenMATB 1.4.5 under Xvfb
    /// logged 2,247 updates of a 20 ms task and 295 of a 200 ms one.
    @Test func openMATBCadenceGatesUpdatesOnOpenMATBsLoopPasses() throws {
        let sysmon = RecordingPlugin(), track = RecordingPlugin()
        var harness = try SessionHarness("0:00:00;sysmon;start\n0:00:00;track;start\n0:01:00;sysmon;stop\n0:01:00;track;stop\n",
                                         cadence: .openmatb, makePlugin: { d, _ in d.alias == "sysmon" ? sysmon : track })
        harness.run(until: 60.1, step: 1.0 / 60)
        #expect((2_225...2_270).contains(track.updates.count), "within 1 % of 2,247: \(track.updates.count)")
        #expect((292...298).contains(sysmon.updates.count), "within 1 % of 295: \(sysmon.updates.count)")
        let gaps = zip(track.updates.dropFirst(), track.updates).map { ($0 - $1).nanoseconds }
        #expect(gaps.allSatisfy { (20_000_000...35_000_000).contains($0) })
        // The start event runs after the first pass's updates: the first step comes a pass later.
        #expect(track.updates.first.map { $0 > .zero } == true)
    }

    /// One event per pass, after the updates: resman computes its first step before the
    /// `automaticsolver` event that follows its start has run, so its label says MANUAL first,
    /// and AUTO only at its next step, 2 s later, as OpenMATB logs it.
    @Test func openMATBCadenceRunsOneEventPerPassAfterTheUpdates() throws {
        var harness = try SessionHarness("0:00:00;resman;start\n0:00:00;resman;automaticsolver;True\n0:00:05;resman;stop\n",
                                         cadence: .openmatb)
        harness.run(until: 5.2, step: 1.0 / 60)
        let labels = harness.linesWithoutLogtime.filter { $0.contains("state,resman,\"automode, text\"") }
        #expect(labels.map { $0.split(separator: ",").last.map(String.init) } == ["MANUAL", "AUTO"])
        let times = labels.compactMap { Double($0.split(separator: ",")[0]) }
        #expect(times.count == 2 && (2.0...2.05).contains(times[1] - times[0]))
        let events = harness.linesWithoutLogtime.filter { $0.contains(",event,resman,") && !$0.contains("stop") }
        #expect(Set(events.map { $0.split(separator: ",")[0] }).count == 2, "two events at 0 run in two passes")
    }

    /// A pass that starts a task lasts as long as OpenMATB's do (it makes and first draws the
    /// task's widgets), so the events after the five starts of a scenario run 0.22 s in, as in
    /// OpenMATB, not a few passes in.
    @Test func openMATBCadenceStartingPassesLastAsOpenMATBs() throws {
        var harness = try SessionHarness("""
            0:00:00;resman;start
            0:00:00;track;start
            0:00:00;sysmon;start
            0:00:00;scheduling;start
            0:00:00;communications;start
            0:00:00;track;cursorcolor;#009900
            0:00:01;resman;stop
            0:00:01;track;stop
            0:00:01;sysmon;stop
            0:00:01;scheduling;stop
            0:00:01;communications;stop
            """, cadence: .openmatb, makePlugin: { _, _ in RecordingPlugin() })
        harness.run(until: 1.2, step: 1.0 / 60)
        let events = harness.linesWithoutLogtime.filter { $0.contains(",event,") && !$0.contains("stop") }
        #expect(events.map { $0.split(separator: ",")[0] } == ["0.0", "0.0573", "0.0838", "0.1205", "0.1824", "0.2206"])
    }

    @Test func eventsAtOneInstantRunInFileOrderBeforeUpdates() throws {
        var harness = try SessionHarness(Self.twoTasks, makePlugin: { _, _ in RecordingPlugin() })
        harness.run(until: 1.1, step: 1.0 / 60)
        let atOne = harness.linesWithoutLogtime.filter { $0.hasPrefix("1.0,") }
        #expect(atOne.first == "1.0,event,sysmon,scales-1-failure,1")
        #expect(atOne.dropFirst().first == "1.0,event,track,cursorcolor,\"(241, 100, 100, 255)\"")
        #expect(atOne.dropFirst(2).allSatisfy { $0.contains("performance") })
    }

    @Test func startBlockDumpsParametersThenShows() throws {
        let harness = try SessionHarness("0:00:00;track;start\n0:00:05;track;stop\n")
        let lines = harness.linesWithoutLogtime
        let start = try #require(lines.firstIndex(of: "0.0,event,track,self,start"))
        // Showing shows every widget (the two frames log it), then hides the cover and the alarm.
        #expect(Array(lines[(start - 4)..<start]) == [
            "0.0,state,track,\"foreground, visibility\",1",
            "0.0,state,track,\"overdue, visibility\",1",
            "0.0,state,track,\"foreground, visibility\",0",
            "0.0,state,track,\"overdue, visibility\",0",
        ])
        #expect(lines[start - 5] == "0.0,parameter,track,inverseaxis,0", "the dump ends the block before the show rows")
        #expect(lines.contains("0.0,parameter,track,title,Tracking"))
        #expect(lines.contains("0.0,parameter,track,taskupdatetime,20"))
        #expect(lines.contains("0.0,aoi,track,foreground,\"(672, 1026.0, 1632, 540.0)\""))
    }

    @Test func blockingScreenFreezesScenarioTimeUntilSpace() throws {
        var harness = try SessionHarness("""
            0:00:00;sysmon;start
            0:00:00;instructions;filename;welcome.txt
            0:00:00;instructions;start
            0:00:01;sysmon;scales-1-failure;True
            0:00:05;sysmon;stop
            """, includes: ["welcome.txt": "<h1>Welcome\n<p>Press space.</p>\n<newpage>\nSecond page"])
        harness.run(until: 3, step: 1.0 / 60)
        #expect(harness.session.scenarioTime == .zero)
        #expect(harness.session.isShowingBlockingScreen)
        #expect(harness.linesWithoutLogtime.contains("0.0,state,sysmon,\"foreground, visibility\",1"))
        harness.send(.keyRelease("SPACE"), at: 3.1)
        #expect(harness.session.isShowingBlockingScreen, "two slides")
        harness.send(.keyRelease("SPACE"), at: 3.2)
        #expect(!harness.session.isShowingBlockingScreen)
        harness.run(until: 4.5, step: 1.0 / 60)
        #expect(harness.session.scenarioTime > .milliseconds(1200))
        #expect(harness.session.scenarioTime < .milliseconds(1400))
        #expect(harness.linesWithoutLogtime.contains("1.0,event,sysmon,scales-1-failure,1"))
        #expect(!harness.linesWithoutLogtime.contains { $0.contains("event,instructions,self,stop") }, "a screen that ends itself logs no stop")
    }

    @Test func pauseKeyOpensDialogAndSpaceCloses() throws {
        var harness = try SessionHarness(Self.twoTasks)
        harness.run(until: 0.5, step: 1.0 / 60)
        harness.send(.keyPress("P"), at: 0.6)
        harness.run(until: 2.0, step: 1.0 / 60)
        #expect(harness.session.dialog?.kind == .pause)
        let frozen = harness.session.scenarioTime
        harness.send(.keyRelease("SPACE"), at: 2.1)
        let lines = harness.linesWithoutLogtime
        let press = try #require(lines.firstIndex(of: "0.6,input,keyboard,P,press"))
        let end = try #require(lines.firstIndex(of: "0.6,dialog,,,OpenMATB end"))
        #expect(press < end)
        // Nothing ran while the dialog was open: the update due at 0.6 runs after it closes.
        #expect(lines[press + 1] == "0.6,dialog,,,OpenMATB end")
        #expect(lines[(end + 1)...].allSatisfy { $0.hasPrefix("0.6,") })
        #expect(frozen == .milliseconds(600))
        harness.run(until: 2.5, step: 1.0 / 60)
        #expect(harness.session.scenarioTime == .milliseconds(1000))
    }

    @Test func escapeAsksAndQEndsWithSyntheticStops() throws {
        var harness = try SessionHarness(Self.twoTasks)
        harness.run(until: 0.5, step: 1.0 / 60)
        harness.send(.keyPress("ESCAPE"), at: 0.5)
        harness.send(.keyRelease("Q"), at: 0.7)
        #expect(harness.session.isFinished)
        #expect(Array(harness.linesWithoutLogtime.suffix(6)) == [
            "0.5,dialog,,,Exit OpenMATB? end",
            "0.5,state,sysmon,\"foreground, visibility\",1",
            "0.5,event,sysmon,self,stop",
            "0.5,state,track,\"foreground, visibility\",1",
            "0.5,event,track,self,stop",
            "0.5,manual,,,end",
        ])
    }

    @Test func sessionWaitsForLaterEventsBeforeEnding() throws {
        var harness = try SessionHarness("0:00:02;track;start\n0:00:03;track;stop\n")
        harness.run(until: 1, step: 1.0 / 60)
        #expect(!harness.session.isFinished)
        harness.run(until: 4, step: 1.0 / 60)
        #expect(harness.session.isFinished)
    }

    @Test func systemPauseOpensThePauseDialog() throws {
        var harness = try SessionHarness("0:00:00;track;start\n0:00:01;system;pause\n0:00:03;track;stop\n")
        harness.run(until: 2, step: 1.0 / 60)
        #expect(harness.session.dialog?.kind == .pause)
        #expect(harness.linesWithoutLogtime.contains("1.0,event,system,self,pause"))
    }

    @Test func speedFactorScalesScenarioTime() throws {
        let scenario = try ScenarioValidator(context: .noFiles).validate(Array("0:00:00;track;start\n0:01:00;track;stop\n".utf8), path: "t").get()
        let session = MATBBlock(scenario: scenario, configuration: MATBConfiguration(runNumber: 1, speed: 10, version: "t"))
        session.begin(at: SessionHarness.start)
        session.advance(to: SessionHarness.start)
        session.advance(to: SessionHarness.at(2))
        #expect(session.scenarioTime == .seconds(20))
    }
}
