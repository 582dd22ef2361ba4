import Testing
import TestSupport
@testable import KioskCore

/// The simulated MATB operator answering radio prompts for its own callsign through the
/// selection, tuning and confirmation keys (docs/simulate.md).
@Suite struct SimulatedRadioAnswerTests {
    static let scenario = (0..<8).map { "0:0\($0):10;communications;radioprompt;own" }.joined(separator: "\n") + """

        0:00:00;communications;start
        0:08:59;communications;stop
        """

    /// The `sdt_value` rows and `response_time`s of a session run with an operator whose
    /// answers are right with `accuracy`.
    static func outcomes(accuracy: Double, seed: UInt64) throws -> (outcomes: [String], responseTimes: [Double], keys: Set<String>) {
        var harness = try SessionHarness(scenario, voices: RecordedSessionLog.voices)
        var model = BehaviourModel()
        model.communications.accuracy = accuracy
        let visit = SimulatedVisit(model: model, seed: seed, participant: "SIM-001", visit: nil)
        let operating = try #require(visit.participant(for: harness.session, place: 0, earlierRuns: 0))
        var frame = 1
        var rows: [LogRecord] = []
        while !harness.session.isFinished && frame < 40_000 {
            let now = SessionHarness.at(Double(frame) / 60)
            harness.session.advance(to: now, inputs: operating.inputs(through: now))
            rows += harness.session.takeRecords()
            frame += 1
        }
        let scored = rows.filter { $0.kind == .performance && $0.module == "communications" }
        let keys = Set(rows.filter { $0.kind == .input && $0.module == "keyboard" }.map(\.address))
        return (scored.filter { $0.address == "sdt_value" }.map { "\($0.value)" },
                scored.filter { $0.address == "response_time" }.compactMap(\.value.number), keys)
    }

    @Test func everyPromptIsAnsweredRightThroughTheRadiosKeys() throws {
        let (outcomes, times, keys) = try Self.outcomes(accuracy: 1, seed: 4)
        #expect(outcomes.count == 8 && outcomes.allSatisfy { $0.contains("HIT") }, "\(outcomes)")
        // The model's default response time: 2500 ms and a tail, then keys a few hundred ms apart.
        #expect(times.allSatisfy { $0 > 1500 && $0 < 20_000 }, "\(times)")
        #expect(keys.isSuperset(of: ["ENTER"]) && !keys.isDisjoint(with: ["LEFT", "RIGHT"]), "\(keys)")
    }

    @Test func aWrongShareIsAnsweredAStepOrTwoOff() throws {
        let (outcomes, _, _) = try Self.outcomes(accuracy: 0, seed: 4)
        #expect(outcomes.count >= 8 && !outcomes.contains { $0.contains("HIT") }, "\(outcomes)")
    }
}
