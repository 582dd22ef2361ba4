import Testing
import TestSupport
@testable import KioskCore

/// Sysmon's pseudo-random arrows and sides with CPython's generator and OpenMATB's seeding
/// rule, against the reference values (docs/openmatb-behaviour.md: Reference values; session 1, updates at t
/// = 0.0, 0.2, 0.4, …).
@Suite struct SysmonRandomTests {
    /// Arrow indices of scales 1–4 after each update, rebuilt from the `scaleN, arrow` rows.
    static func arrows(_ scenario: String, updates: Int) throws -> (arrows: [[Int]], lines: [String]) {
        var harness = try SessionHarness(scenario)
        harness.run(until: Double(updates - 1) * 0.2 + 0.1, step: 0.1)
        let lines = harness.linesWithoutLogtime
        var current = [5, 5, 5, 5]
        var result: [[Int]] = []
        for update in 0..<updates {
            let time = ScenarioTime.milliseconds(Int64(update * 200)).seconds.pythonRepr
            for line in lines where line.hasPrefix(time + ",state,sysmon,\"scale") && line.contains(", arrow\",") {
                let scale = Int(String(line.split(separator: "\"")[1].dropFirst(5).prefix(1))) ?? 0
                current[scale - 1] = Int(line.split(separator: ",").last ?? "") ?? -1
            }
            result.append(current)
        }
        return (result, lines)
    }

    @Test func goldenChoicesOfTheSeedRule() {
        let expected = [-1, -1, -1, -1, 1, -1, 1, -1, 1, -1, 1, 1, 1, -1, -1, 1, 1, -1, -1, -1]
        #expect((1...20).map { SysmonTask.cpythonSample([-1, 1], $0) } == expected)
    }

    @Test func arrowsPerUpdate() throws {
        let (arrows, lines) = try Self.arrows("0:00:00;sysmon;start\n0:00:10;sysmon;stop\n", updates: 5)
        #expect(arrows == [[4, 6, 4, 6], [3, 7, 3, 7], [4, 6, 4, 6], [5, 7, 3, 5], [4, 6, 4, 6]])
        #expect(lines.filter { $0.hasPrefix("0.0,seed_") } == [
            "0.0,seed_value,sysmon,,4", "0.0,seed_output,sysmon,,-1", "0.0,seed_value,sysmon,,5", "0.0,seed_output,sysmon,,1",
            "0.0,seed_value,sysmon,,6", "0.0,seed_output,sysmon,,-1", "0.0,seed_value,sysmon,,7", "0.0,seed_output,sysmon,,1",
        ])
    }

    @Test func failureSequences() throws {
        let (arrows, lines) = try Self.arrows("""
            0:00:00;sysmon;start
            0:00:01;sysmon;scales-1-failure;True
            0:00:01;sysmon;scales-2-side;-1
            0:00:01;sysmon;scales-2-failure;True
            0:00:20;sysmon;stop
            """, updates: 11)
        // The failure starts after the arrows moved at 1.0, then the arrows go to their thirds.
        #expect(Array(arrows[5...]) == [[5, 5, 5, 5], [10, 10, 4, 4], [9, 9, 5, 5], [8, 10, 4, 6], [9, 9, 3, 7], [8, 10, 4, 6]])
        // The reference sequence (docs/openmatb-behaviour.md: Reference values) ends with [10, 8, 4, 6]: its
        // clock summed 0.2 ten times and read
        // 1.9999999999999998 at the eleventh update, so int(t) was 1. labkiosk's integer clock
        // reads 2.0 there (seeds one higher); `floatClockReproducesTheSpecSequence` checks
        // that this is the only difference.
        // Scale 1's side is drawn with seed 1 + 1 + 1 + 1 = 4, and kept.
        let side = try #require(lines.firstIndex(of: "1.0,seed_value,sysmon,,4"))
        #expect(lines[side + 1] == "1.0,seed_output,sysmon,,-1")
        #expect(lines[side - 1].hasPrefix("1.0,seed_output,"), "after the four arrow draws of that update")
    }

    /// The whole reference sequence, with the update times a float-summed clock gives.
    @Test func floatClockReproducesTheSpecSequence() {
        var state = SysmonState()
        var parameters = SysmonParameters(ParameterValues(.sysmon))
        var time = 0.0
        var arrows: [[Int]] = []
        for update in 0..<11 {
            if update == 5 {
                parameters.scales[0].failure = true
                parameters.scales[1].side = -1
                parameters.scales[1].failure = true
            }
            let base = 1 + 1 + Int(time)
            _ = SysmonDynamics.update(&state, &parameters) { items, add in (base + add, SysmonTask.cpythonSample(items, base + add)) }
            arrows.append(state.scales.map(\.position))
            time += 0.2
        }
        #expect(arrows == [[4, 6, 4, 6], [3, 7, 3, 7], [4, 6, 4, 6], [5, 7, 3, 5], [4, 6, 4, 6],
                           [5, 5, 5, 5], [10, 10, 4, 4], [9, 9, 5, 5], [8, 10, 4, 6], [9, 9, 3, 7], [10, 8, 4, 6]])
    }

    @Test func failureTimerCountsDownAndResponseTimeUp() {
        var state = SysmonState()
        var parameters = SysmonParameters(ParameterValues(.sysmon))
        parameters.scales[0].failure = true
        let draw: SysmonDynamics.Draw = { items, add in (add, SysmonTask.cpythonSample(items, add)) }
        _ = SysmonDynamics.update(&state, &parameters, draw: draw)
        var timers: [PythonNumber?] = [state.scales[0].gauge.failureTimer]
        for _ in 0..<3 {
            _ = SysmonDynamics.update(&state, &parameters, draw: draw)
            timers.append(state.scales[0].gauge.failureTimer)
        }
        #expect(timers == [.int(10000), .int(9800), .int(9600), .int(9400)])
        #expect(state.scales[0].gauge.responseTime == .int(600))
    }
}
