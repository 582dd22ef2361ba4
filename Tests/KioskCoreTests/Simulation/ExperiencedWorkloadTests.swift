import Testing
import TestSupport
@testable import KioskCore

@Suite struct ExperiencedWorkloadTests {
    /// Runs a MATB block to its end with the visit's simulated operator at it, 60 frames a second.
    private func operate(_ harness: SessionHarness, visit: SimulatedVisit, place: Int) throws -> [LogRecord] {
        let operating = try #require(visit.participant(for: harness.session, place: place, earlierRuns: 0))
        var frame = 1
        var rows: [LogRecord] = []
        while !harness.session.isFinished && frame < 20_000 {
            let now = SessionHarness.at(Double(frame) / 60)
            harness.session.advance(to: now, inputs: operating.inputs(through: now))
            rows += harness.session.takeRecords()
            frame += 1
        }
        #expect(harness.session.isFinished)
        return rows
    }

    /// A minute of tracking with a stick of `stickForce`, then a NASA-TLX-like questionnaire
    /// block: the workload measured in the first, and the answers given in the second.
    private func answersAfterTracking(stickForce: Double, weight: Double) throws -> (workload: Double, answers: [Double]) {
        var model = BehaviourModel()
        model.questionnaire.workloadWeight = weight
        model.questionnaire.answerStandardDeviation = 0.02
        let visit = SimulatedVisit(model: model, seed: 8, participant: "SIM-001", visit: nil)
        let tracking = try SessionHarness("0:00:00;track;joystickforce;\(stickForce)\n0:00:00;track;start\n0:01:00;track;stop\n")
        _ = try operate(tracking, visit: visit, place: 0)
        let workload = try #require(ExperiencedWorkload.measured(in: tracking.session))
        let questions = (1...6).map { "Item \($0);How much?;Low/High;0/100/50" }.joined(separator: "\n")
        let questionnaire = try SessionHarness("0:00:00;genericscales;filename;q.txt\n0:00:00;genericscales;start\n", includes: ["q.txt": questions])
        #expect(ExperiencedWorkload.measured(in: questionnaire.session) == nil, "a questionnaire alone measures no workload")
        let rows = try operate(questionnaire, visit: visit, place: 1)
        let answers = rows.filter { $0.kind == .state && $0.module == "genericscales" && $0.address.hasPrefix("slider_") }
            .compactMap { Double($0.value.text ?? "") }
        return (workload, answers)
    }

    @Test func answersFollowTheWorkloadOfTheBlockBefore() throws {
        let strong = try answersAfterTracking(stickForce: 3, weight: 1)
        let weak = try answersAfterTracking(stickForce: 1.5, weight: 1)
        // The cursor's time out of its target: none with the strong stick, a fifth with the weaker.
        #expect(strong.workload == 0 && abs(weak.workload - 0.202) < 1e-9, "\(strong.workload) \(weak.workload)")
        #expect(strong.answers.count == 6 && weak.answers.count == 6)
        let mean = { (answers: [Double]) in answers.reduce(0, +) / Double(answers.count) }
        // The answers' mean is the workload itself at weight 1 (in percent of the scale), give or
        // take their spread (and those below 0 set at the scale's minimum).
        #expect(abs(mean(strong.answers) - 100 * strong.workload) < 3 && abs(mean(weak.answers) - 100 * weak.workload) < 3,
                "\(strong) \(weak)")
        #expect(mean(weak.answers) > mean(strong.answers) + 10)
        let unweighted = try answersAfterTracking(stickForce: 1.5, weight: 0)
        #expect(abs(mean(unweighted.answers) - 50) < 3, "weight 0 keeps answer_mean: \(unweighted.answers)")
    }

    @Test func aQuestionnaireInsideTheScenarioFollowsItsOwnBlocksWorkload() throws {
        var model = BehaviourModel()
        model.questionnaire.workloadWeight = 1
        model.questionnaire.answerStandardDeviation = 0.02
        let questions = (1...6).map { "Item \($0);How much?;Low/High;0/100/50" }.joined(separator: "\n")
        let scenario = "0:00:00;track;joystickforce;1.5\n0:00:00;track;start\n0:01:00;track;stop\n"
            + "0:01:00;genericscales;filename;q.txt\n0:01:00;genericscales;start\n"
        let harness = try SessionHarness(scenario, includes: ["q.txt": questions])
        let rows = try operate(harness, visit: SimulatedVisit(model: model, seed: 8, participant: "SIM-001", visit: nil), place: 0)
        let workload = try #require(ExperiencedWorkload.measured(in: harness.session))
        let answers = rows.filter { $0.kind == .state && $0.module == "genericscales" && $0.address.hasPrefix("slider_") }
            .compactMap { Double($0.value.text ?? "") }
        #expect(workload > 0.1 && answers.count == 6, "\(workload) \(answers)")
        #expect(abs(answers.reduce(0, +) / 6 - 100 * workload) < 3, "\(workload) \(answers)")
    }
}
