import Foundation
import Testing
import TestSupport
@testable import KioskCore

/// A headless session of `Tests/Fixtures/scenarios/every-resman-communications-parameter.txt`,
/// which sets every resman and communications parameter, driven by keys and taps; its log is
/// checked row by row against
/// `Tests/Fixtures/golden/every-resman-communications-parameter-driven.log` (logtime column
/// left out), and its key moments
/// against hand-worked values. Every voice clip lasts 0.1 s, so a prompt of n clips lasts
/// n/10 s.
///
/// To regenerate the golden log after a deliberate change, run the test with
/// `LABKIOSK_WRITE_GOLDEN=1` and review the diff.
@Suite struct EveryResmanCommunicationsParameterTests {

    static func run() throws -> [String] {
        let text = try Fixtures.text("scenarios/every-resman-communications-parameter.txt")
        var harness = try SessionHarness(text, voices: .uniform(4_410))
        let radios = CommunicationsGeometry(area: ScreenLayout().taskArea(of: ScreenLayout().region(.bottomleft)))
        let tanks = ResmanGeometry(area: ScreenLayout().taskArea(of: ScreenLayout().region(.bottommid)))
        func center(_ rect: Rect) -> Point { Point(rect.centerX, rect.centerY) }
        let pumpFive = Point(tanks.pumps[4].triangle.map(\.x).reduce(0, +) / 3, tanks.pumps[4].triangle.map(\.y).reduce(0, +) / 3)
        let inputs: [(Double, InputEvent.Payload)] = [
            // Resman: a failed pump ignores its key; Q replaced NUM_3 (and its aliases) for
            // pump 3; a tap on pump 5; the digit-row alias of pump 2, whose key is the default.
            (1.5, .keyPress("NUM_8")), (1.55, .keyRelease("NUM_8")),
            (2.5, .keyPress("Q")), (2.55, .keyRelease("Q")),
            (2.6, .keyPress("NUM_3")), (2.65, .keyRelease("NUM_3")),
            (2.7, .keyPress("_3")), (2.75, .keyRelease("_3")),
            (3.5, .pointerDown(pumpFive, .finger(1))), (3.55, .pointerUp(pumpFive, .finger(1))),
            (4.5, .keyPress("_2")), (4.55, .keyRelease("_2")),
            // Under automation (6 s to 9 s) keys do not reach resman.
            (6.45, .keyPress("NUM_2")), (6.47, .keyRelease("NUM_2")),
            (9.5, .keyPress("NUM_7")), (9.55, .keyRelease("NUM_7")),
            // Communications: NAV_2 (120.0, clamped into the 110–120 band) must go to 116.8
            // once its prompt ends at 6.1: a first answer off by 3.2, then 15 steps down with
            // the A key (a key pressed at an update's instant counts for it) and 17 with the −
            // button (8.1 … 9.7), then the VALIDATE button: a hit, 36 updates after the prompt.
            // Just after, with nothing waiting, a false alarm.
            (6.3, .keyPress("NUM_ENTER")), (6.35, .keyRelease("NUM_ENTER")),
            (6.5, .keyPress("A")), (8.0, .keyRelease("A")),
            (8.05, .pointerDown(center(radios.tuneDown), .finger(2))), (9.75, .pointerUp(center(radios.tuneDown), .finger(2))),
            (9.8, .pointerDown(center(radios.validate), .mouse)), (9.9, .pointerUp(center(radios.validate), .mouse)),
            (9.95, .keyPress("NUM_ENTER")), (9.97, .keyRelease("NUM_ENTER")),
            // The solver owns the task from 10 s to 15 s: this key does not reach it.
            (12.5, .keyPress("NUM_ENTER")), (12.55, .keyRelease("NUM_ENTER")),
            // The solver selected COM_2 (14.1, 14.2) and tuned it 7 steps before it was turned
            // off at 15 s; answering COM_1 instead is wrong on both counts; UP is no longer a
            // key of the task; COM_2 is missed at 19.1.
            (17.0, .keyPress("W")), (17.05, .keyRelease("W")),
            (17.06, .keyPress("UP")), (17.08, .keyRelease("UP")),
            (17.1, .keyPress("NUM_ENTER")), (17.15, .keyRelease("NUM_ENTER")),
            // NAV_1 (111.9) must go to 115.2 after its prompt ends at 20.1: tap its row, 33
            // steps up with D (20.8 … 24.0), then validate: a hit, 39 updates after the prompt.
            (20.5, .pointerDown(center(radios.radios[0]), .finger(3))), (20.55, .pointerUp(center(radios.radios[0]), .finger(3))),
            (20.75, .keyPress("D")), (24.05, .keyRelease("D")),
            (24.1, .keyPress("NUM_ENTER")), (24.15, .keyRelease("NUM_ENTER")),
        ]
        harness.play(inputs.sorted(by: { $0.0 < $1.0 }), until: 27)
        #expect(harness.session.isFinished)
        return harness.linesWithoutLogtime
    }

    @Test func logMatchesTheGoldenFileRowByRow() throws {
        try GoldenLog("every-resman-communications-parameter-driven.log").check(try Self.run())
    }

    @Test func keyMomentsMatchHandWorkedValues() throws {
        let lines = try Self.run()
        func rows(at time: String, _ fragment: String = ",") -> [String] {
            lines.filter { $0.hasPrefix(time + ",") && $0.contains(fragment) }
        }
        // Parameters set before start are in the dumps; the titles show upper-cased.
        #expect(lines.contains("0.0,parameter,resman,title,Fuel"))
        #expect(lines.contains("0.0,parameter,resman,pump-3-key,Q"))
        #expect(lines.contains("0.0,parameter,resman,tank-f-depletable,0"))
        #expect(lines.contains("0.0,parameter,communications,promptlist,\"['NAV_1', 'COM_2']\""))
        #expect(lines.contains("0.0,parameter,communications,keys-validateresponse,NUM_ENTER"))
        // The pump-status panel sits in the top-right region.
        #expect(lines.contains("0.0,aoi,resman,pump_1_flow,\"(1632, 1026.0, 1920, 972.0)\""))
        // Resman, 1 s updates: A leaks int(600/60) = 10, pump 1 brings int(1800/60) = 30 while
        // C lasts; B leaks 20. Deviations 50 (first update skipped), 70, 90, then 110 = out.
        #expect(rows(at: "1.0", "_deviation") == ["1.0,performance,resman,a_deviation,70", "1.0,performance,resman,b_deviation,80"])
        #expect(rows(at: "3.0", "a_") == ["3.0,performance,resman,a_in_tolerance,0", "3.0,performance,resman,a_deviation,110"])
        #expect(rows(at: "3.0", "tank_a, tolerance_color") == ["3.0,state,resman,\"tank_a, tolerance_color\",\"(241, 100, 100, 255)\""])
        #expect(rows(at: "4.0", "a_response_time") == ["4.0,performance,resman,a_response_time,1000"])
        // Pump 3 with pump 3 key Q (B + int(300/60) = 5): 2560 − 20 + 5.
        #expect(rows(at: "3.0", "b_deviation") == ["3.0,performance,resman,b_deviation,45"])
        // Keys: the failed pump 8, NUM_3 and _3 do nothing; Q, a tap and _2 toggle.
        #expect(rows(at: "1.5", "resman").isEmpty && rows(at: "2.6", "resman").isEmpty && rows(at: "2.7", "resman").isEmpty)
        #expect(rows(at: "2.5", "pump_3") == ["2.5,state,resman,\"pump_3, triangle\",\"(153, 204, 255, 255)\"", "2.5,state,resman,\"pump_3_flow, 3\",300"])
        #expect(rows(at: "3.5").first == "3.5,input,mouse_key,NUM_5,press")
        #expect(rows(at: "4.5", "pump_2, triangle").count == 1)
        #expect(rows(at: "6.45", "resman").isEmpty)
        // The solver (6 s to 9 s) turns on the pumps from the non-depletable F and off pump 2,
        // since A is above 2400 + 50.
        #expect(rows(at: "6.0", "triangle").map { $0.components(separatedBy: "\"")[1] } == [
            "pump_1, triangle", "pump_2, triangle", "pump_4, triangle", "pump_6, triangle"])
        // A new radius moves both tolerance bars (refreshed after the compute due at the same
        // instant, so after the fluid rows); without a status panel hiding logs no status cover.
        #expect(rows(at: "10.0", "tank_a,").filter { !$0.contains("fluid_") }.prefix(3) == [
            "10.0,state,resman,\"tank_a, tolerance_radius\",300", "10.0,state,resman,\"tank_a, target\",2400",
            "10.0,state,resman,\"tank_a, level_max\",3000"])
        #expect(rows(at: "13.0", "status_foreground").isEmpty && rows(at: "14.0", "status_foreground").isEmpty)
        #expect(rows(at: "11.0", "automode") == ["11.0,state,resman,\"automode, text\","])
        // Communications: constructed with the default regex, regenerated from the new one at
        // its first update (the counter goes on: seeds 16, 17, …), then replaced by the scenario.
        // The first refresh follows that first compute at the same instant, so the callsign
        // drawn at construction never shows.
        #expect(rows(at: "0.0", "callsign, text") == ["0.0,state,communications,\"callsign, text\",ZJ428"])
        #expect(rows(at: "1.0", "callsign, text") == ["1.0,state,communications,\"callsign, text\",ABC123"])
        // The active radio NAV_2 (135.7) is kept inside the 110–120 band from the first update.
        #expect(rows(at: "0.0", "radio_NAV_2, radio_frequency") == ["0.0,state,communications,\"radio_NAV_2, radio_frequency\",120.0"])
        // The own prompt of 2 s: seed 1 + 0 + 2 + 1 = 4 picks NAV_2; 120.0 − 3.2 = 116.8 is the
        // second frequency drawn (seeds 4, 19), inside (2, 4) MHz of the current one.
        #expect(rows(at: "2.0", "seed_value") == ["2.0,seed_value,communications,,4", "2.0,seed_value,communications,,4",
                                                  "2.0,seed_value,communications,,19"])
        // 41 clips of 0.1 s: the prompt ends at 6.1, the answer counts 100 ms per update after.
        #expect(lines.contains("6.1,manual,,,Target NAV_2:116.8"))
        #expect(rows(at: "6.3", "performance").suffix(3) == [
            "6.3,performance,communications,response_deviation,3.2", "6.3,performance,communications,response_time,100",
            "6.3,performance,communications,sdt_value,BAD_FREQ"])
        #expect(rows(at: "9.8") == [
            "9.8,input,mouse_key,NUM_ENTER,press",
            "9.8,performance,communications,response_was_needed,1", "9.8,performance,communications,target_radio,NAV_2",
            "9.8,performance,communications,responded_radio,NAV_2", "9.8,performance,communications,target_frequency,116.8",
            "9.8,performance,communications,responded_frequency,116.8", "9.8,performance,communications,correct_radio,1",
            "9.8,performance,communications,response_deviation,0.0", "9.8,performance,communications,response_time,3600",
            "9.8,performance,communications,sdt_value,HIT",
            // The session's own row for the click, after what the task did with it.
            "9.8,input,mouse,\"button_1, press\",\"(288.0, 41.31)\"",
            "9.8,state,communications,\"radio_NAV_2, feedback_color\",\"(153, 204, 255, 255)\""])
        #expect(rows(at: "9.95", "sdt_value") == ["9.95,performance,communications,sdt_value,FA"])
        #expect(rows(at: "12.5", "performance").isEmpty)
        #expect(rows(at: "17.1", "sdt_value") == ["17.1,performance,communications,sdt_value,BAD_RADIO_FREQ"])
        #expect(rows(at: "17.06").count == 1)
        #expect(rows(at: "19.1", "sdt_value") == ["19.1,performance,communications,sdt_value,MISS"])
        // From COM_1 (selected at 17.0) up to NAV_1: two steps.
        #expect(rows(at: "20.5", "mouse_key") == ["20.5,input,mouse_key,W,press", "20.5,input,mouse_key,W,release",
                                                  "20.5,input,mouse_key,W,press", "20.5,input,mouse_key,W,release"])
        // 111.9 + 33 × 0.1 is 115.19999999999982: Python's round gives -0.0 as well.
        #expect(rows(at: "24.1", "response_deviation") == ["24.1,performance,communications,response_deviation,-0.0"])
        #expect(rows(at: "24.1", "sdt_value") == ["24.1,performance,communications,sdt_value,HIT"])
        #expect(rows(at: "24.1", "response_time") == ["24.1,performance,communications,response_time,3900"])
        // Negative feedback in magenta for 1000 ms: the answer at 6.3 comes before that
        // instant's update, which already counts 100 ms of it; gone at the tenth, 7.2.
        #expect(rows(at: "6.3", "feedback_color") == ["6.3,state,communications,\"radio_NAV_2, feedback_color\",\"(255, 0, 255, 255)\""])
        #expect(rows(at: "7.2", "feedback_color") == ["7.2,state,communications,\"radio_NAV_2, feedback_color\",\"(240, 240, 240, 255)\""])
        #expect(lines.last == "26.0,manual,,,end")
    }
}
