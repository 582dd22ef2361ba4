import Testing
import TestSupport
@testable import KioskCore

/// A simulated MATB operator asks an adaptive rule for help (docs/simulate.md, docs/adaptive.md):
/// with a weak stick the cursor strays out of its target, the operator presses the rule's key,
/// the automation takes over and brings the cursor back, and the operator asks again, releasing it.
@Suite struct SimulatedHelpRequestTests {
    private static let scenario = "0:00:00;track;joystickforce;1\n0:00:00;track;start\n0:01:30;track;stop\n"
    private static let rules = """
        [[rule]]
        name = "ask-for-help"
        key = "A"
        engage = "track;automaticsolver;True"
        release = "track;automaticsolver;False"
        """

    /// The adaptive rows and the key rows of a 90 s block run by an operator of `model`.
    private func run(_ model: BehaviourModel) throws -> (decisions: [String], presses: Int) {
        var harness = try SessionHarness(Self.scenario, adaptiveRules: Self.rules)
        let visit = SimulatedVisit(model: model, seed: 11, participant: "SIM-001", visit: nil)
        let operating = try #require(visit.participant(for: harness.session, place: 0, earlierRuns: 0))
        var rows: [LogRecord] = []
        var frame = 1
        while !harness.session.isFinished && frame < 20_000 {
            let now = SessionHarness.at(Double(frame) / 60)
            harness.session.advance(to: now, inputs: operating.inputs(through: now))
            rows += harness.session.takeRecords()
            frame += 1
        }
        let decisions = rows.filter { $0.module == "adaptive" && $0.address == "ask-for-help.decision" }.compactMap { record -> String? in if case .string(let text) = record.value { text } else { nil } }
        let presses = rows.filter { $0.kind == .input && $0.module == "keyboard" && $0.address == "A" && $0.value == .string("press") }.count
        return (decisions, presses)
    }

    @Test func anOperatorOutOfTargetAsksForHelpAndReleasesItOnceBackInTarget() throws {
        var model = BehaviourModel()
        model.tracking.gain = 0.5
        model.helpRequests.above = 0.5
        model.helpRequests.below = 0.2
        model.helpRequests.windowMs = 5000
        let (decisions, presses) = try run(model)
        #expect(decisions.first == "engage")
        #expect(decisions.contains("release"))
        // Every press is the operator's, and each changed the rule (none within min_seconds_between).
        #expect(presses == decisions.count)
    }

    @Test func anOperatorWithoutAThresholdNeverAsks() throws {
        var model = BehaviourModel()
        model.tracking.gain = 0.5
        let (decisions, presses) = try run(model)
        #expect(decisions.isEmpty && presses == 0)
    }
}
