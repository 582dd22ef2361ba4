import Testing
import TestSupport
@testable import KioskCore

/// The session's input path: the on-screen stick, pointer rows, joystick rows with their
/// own timestamps, hot-plug notices, and which inputs reach tasks.
@Suite struct InputRoutingTests {
    static let start = MonotonicTime(nanoseconds: 1_000_000_000_000)
    static let scenario = "0:00:00;track;start\n0:00:00;sysmon;start\n0:01:00;track;stop\n0:01:00;sysmon;stop\n"
    static let pad = VirtualJoystickPad(trackRegion: ScreenLayout().region(.topmid), side: .right)

    /// A session of `RecordingPlugin`s driven with literal times.
    final class Driver {
        let session: MATBBlock
        var plugins: [String: RecordingPlugin] = [:]
        var rows: [LogRecord] = []

        init(_ settings: VirtualJoystickSettings = VirtualJoystickSettings(response: StickResponse(deadZone: 0)),
             scenario text: String = InputRoutingTests.scenario) throws {
            let scenario = try ScenarioValidator(context: .noFiles).validate(Array(text.utf8), path: "t.txt").get()
            var made: [String: RecordingPlugin] = [:]
            session = MATBBlock(scenario: scenario, configuration: MATBConfiguration(runNumber: 1, version: "t", virtualJoystick: settings),
                                  makePlugin: { descriptor, _ in
                                      // The tracking task is the one the on-screen stick steers.
                                      let plugin = RecordingPlugin(takesOnScreenStick: descriptor.alias == "track")
                                      made[descriptor.alias] = plugin
                                      return plugin
                                  })
            plugins = made
            session.begin(at: InputRoutingTests.start)
            session.advance(to: InputRoutingTests.start)
            rows = session.takeRecords()
        }

        /// One frame at `frame` ms carrying inputs stamped at the given ms.
        func frame(_ frame: Int64, _ inputs: [(Int64, InputEvent.Payload)]) {
            session.advance(to: at(frame), inputs: inputs.map { InputEvent(time: at($0.0), $0.1) })
            rows += session.takeRecords()
        }

        func at(_ ms: Int64) -> MonotonicTime { MonotonicTime(nanoseconds: InputRoutingTests.start.nanoseconds + ms * 1_000_000) }

        /// Input and manual rows as `logtime_ms,scenario_ms,type,module,address,value`.
        var inputRows: [String] {
            rows.filter { $0.kind == .input || ($0.kind == .manual && $0.value.text?.hasPrefix("labkiosk: ") == true) }.map { row in
                let logtime = (row.logtime.nanoseconds - InputRoutingTests.start.nanoseconds) / 1_000_000
                let scenario = (row.scenarioTime?.nanoseconds ?? 0) / 1_000_000
                let fields = [row.address, SessionLogFormat.fieldText(row.value)].map(SessionLogFormat.quotedIfNeeded)
                return "\(logtime),\(scenario),\(row.kind.rawValue),\(row.module),\(fields[0]),\(fields[1])"
            }
        }
    }

    func on(_ dx: Double, _ dy: Double) -> Point {
        Point(Self.pad.center.x + dx * Self.pad.travel, Self.pad.center.y + dy * Self.pad.travel)
    }

    @Test func touchOnTheStickBecomesJoystickRowsAtTheTouchTime() throws {
        let driver = try Driver()
        let down = on(0.5, 0.25)
        driver.frame(100, [(92, .pointerDown(down, .finger(7)))])
        driver.frame(117, [(110, .pointerUp(down, .finger(7)))])
        #expect(driver.inputRows == [
            "92,92,input,joystick,x,0.5",
            "92,92,input,joystick,y,-0.25",
            "92,92,input,touch,\"finger_7, press\",\"(\(down.x), \(down.y))\"",
            "110,110,input,joystick,x,0.0",
            "110,110,input,joystick,y,0.0",
            "110,110,input,touch,\"finger_7, release\",\"(\(down.x), \(down.y))\"",
        ])
        // The stick position reached the tasks; the touch itself did not.
        let track = try #require(driver.plugins["track"])
        #expect(track.inputs == [.joystickAxes(x: 0.5, y: -0.25), .joystickAxes(x: 0, y: 0)])
    }

    @Test func aSecondFingerTapsAnotherTaskWhileTheFirstHoldsTheStick() throws {
        let driver = try Driver()
        let sysmonTap = Point(300, 800)
        driver.frame(100, [(90, .pointerDown(on(0.1, 0), .finger(1))), (95, .pointerDown(sysmonTap, .finger(2)))])
        driver.frame(117, [(101, .pointerMove(on(0.2, 0), .finger(1))), (105, .pointerUp(sysmonTap, .finger(2)))])
        let sysmon = try #require(driver.plugins["sysmon"])
        #expect(sysmon.inputs == [.joystickAxes(x: 0.1, y: 0), .pointerDown(sysmonTap, .finger(2)), .joystickAxes(x: 0.2, y: 0), .pointerUp(sysmonTap, .finger(2))])
        #expect(driver.inputRows.filter { $0.contains("finger_2") } == [
            "95,95,input,touch,\"finger_2, press\",\"(300.0, 800.0)\"",
            "105,105,input,touch,\"finger_2, release\",\"(300.0, 800.0)\"",
        ])
        #expect(driver.session.inputRouter.stick.holder == .finger(1))
    }

    @Test func mouseRowsTellDragsFromHover() throws {
        let driver = try Driver()
        driver.frame(100, [(90, .pointerMove(Point(10, 20), .mouse)), (95, .pointerDown(Point(10, 20), .mouse)),
                           (96, .pointerMove(Point(12, 20), .mouse)), (97, .pointerUp(Point(12, 20), .mouse))])
        #expect(driver.inputRows == [
            "90,90,input,mouse,\"hover, move\",\"(10.0, 20.0)\"",
            "95,95,input,mouse,\"button_1, press\",\"(10.0, 20.0)\"",
            "96,96,input,mouse,\"button_1, move\",\"(12.0, 20.0)\"",
            "97,97,input,mouse,\"button_1, release\",\"(12.0, 20.0)\"",
        ])
    }

    @Test func joystickRowsKeepTheirOwnTimestampsAndOnlyPressesReachTasks() throws {
        let driver = try Driver()
        driver.frame(100, [(85, .joystickAxes(x: 0.25, y: 0)), (88, .joystickButton("JOY_BTN_1", pressed: true)),
                           (99, .joystickButton("JOY_BTN_1", pressed: false)), (99, .joystickButton("JOY_HAT_UP", pressed: true))])
        #expect(driver.inputRows == [
            "85,85,input,joystick,x,0.25",
            "88,88,input,Joystick,JOY_BTN_1,press",
            "99,99,input,Joystick,JOY_BTN_1,release",
            "99,99,input,Joystick,JOY_HAT_UP,press",
        ])
        let track = try #require(driver.plugins["track"])
        #expect(track.inputs == [.joystickAxes(x: 0.25, y: 0), .joystickButton("JOY_BTN_1", pressed: true), .joystickButton("JOY_HAT_UP", pressed: true)])
    }

    @Test func aHardwareJoystickHidesTheOnScreenStickUntilItGoesAway() throws {
        let driver = try Driver()
        func stickDrawn() -> Bool {
            driver.session.drawList().commands.contains(.strokeCircle(center: Self.pad.center, radius: Self.pad.travel, .grey, lineWidth: 2, dashed: false))
        }
        #expect(stickDrawn())
        let device = "Pad (/dev/input/event3)"
        driver.frame(100, [(90, .joystickDevice(JoystickDeviceNotice(.connected, device: device, detail: "2 axes")))])
        #expect(!stickDrawn())
        // A touch where the stick was is now an ordinary touch.
        driver.frame(117, [(110, .pointerDown(on(0.5, 0), .finger(1)))])
        #expect(driver.plugins["track"]?.inputs == [.pointerDown(on(0.5, 0), .finger(1))])
        driver.frame(134, [(120, .joystickAxes(x: -1, y: 0)), (125, .joystickAxes(x: 0, y: 0)),
                           (125, .joystickDevice(JoystickDeviceNotice(.disconnected, device: device, detail: "device removed")))])
        #expect(stickDrawn())
        #expect(driver.inputRows.filter { $0.contains("manual") } == [
            "90,90,manual,,,labkiosk: joystick connected: Pad (/dev/input/event3): 2 axes",
            "125,125,manual,,,labkiosk: joystick disconnected: Pad (/dev/input/event3): device removed",
            "125,125,manual,,,labkiosk: no joystick connected; the on-screen stick takes over",
        ])
        #expect(driver.session.isFinished == false)
    }

    @Test func theStickCanBeKeptOnOrTurnedOff() throws {
        let off = try Driver(VirtualJoystickSettings(visibility: .off))
        off.frame(100, [(90, .pointerDown(on(0.5, 0), .finger(1)))])
        #expect(off.plugins["track"]?.inputs == [.pointerDown(on(0.5, 0), .finger(1))])
        let on = try Driver(VirtualJoystickSettings(visibility: .on, response: StickResponse(deadZone: 0)))
        on.frame(100, [(80, .joystickDevice(JoystickDeviceNotice(.connected, device: "Pad"))), (90, .pointerDown(self.on(0.5, 0), .finger(1)))])
        #expect(on.plugins["track"]?.inputs == [.joystickAxes(x: 0.5, y: 0)])
    }

    @Test func aStickMovedUnderADialogReachesTasksWhenItCloses() throws {
        let driver = try Driver()
        driver.frame(100, [(90, .joystickAxes(x: 0.5, y: 0))])
        driver.frame(117, [(110, .keyPress("P"))])
        #expect(driver.session.dialog != nil)
        // Released while the pause dialog shows: not logged, not delivered (tasks are paused).
        driver.frame(134, [(120, .joystickAxes(x: 0, y: 0))])
        #expect(!driver.inputRows.contains { $0.hasPrefix("120,") })
        driver.frame(151, [(140, .keyRelease("SPACE"))])
        #expect(driver.session.dialog == nil)
        #expect(Array(driver.inputRows.suffix(1)) == ["140,110,input,joystick,x,0.0"])
        #expect(driver.plugins["track"]?.inputs.last == .joystickAxes(x: 0, y: 0))
    }

    @Test func underADialogTouchesAreNotTakenByTheStick() throws {
        let driver = try Driver()
        driver.frame(100, [(90, .keyPress("P"))])
        driver.frame(117, [(110, .pointerDown(on(0, 0.5), .finger(1)))])
        #expect(driver.session.inputRouter.stick.holder == nil)
        // The touch is logged, and goes to the dialog, not to the (paused) tasks.
        #expect(driver.inputRows.last?.hasPrefix("110,90,input,touch,\"finger_1, press\"") == true)
        #expect(driver.plugins["track"]?.inputs.last == .keyPress("P"))
        // Still drawn, behind the dialog.
        #expect(driver.session.drawList().commands.contains(.strokeCircle(center: Self.pad.center, radius: Self.pad.travel, .grey, lineWidth: 2, dashed: false)))
    }

    @Test func theStickPositionReachesTasksThatDoNotTakeInput() throws {
        let driver = try Driver(scenario: "0:00:01;track;start\n0:00:02;track;pause\n0:00:05;track;stop\n")
        // Before the tracking task starts, and while it is paused, it still learns where the stick is.
        driver.frame(500, [(400, .joystickAxes(x: 0.1, y: 0.1)), (450, .keyPress("F1"))])
        driver.frame(2500, [(2400, .joystickAxes(x: 0.2, y: 0)), (2450, .keyPress("F2"))])
        driver.frame(2600, [(2550, .joystickButton("JOY_BTN_2", pressed: true))])
        #expect(driver.plugins["track"]?.inputs == [.joystickAxes(x: 0.1, y: 0.1), .joystickAxes(x: 0.2, y: 0)])
    }
}
