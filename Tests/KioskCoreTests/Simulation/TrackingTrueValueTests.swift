import Testing
import TestSupport
@testable import KioskCore

/// The true values the dry-run example's tracking blocks put in (Scenarios/plans/dry-run,
/// docs/simulate.md): the mean, over operators, of a minute's `track RMS deviation px` with
/// the default operator (the dry run's model) at a strong stick (force 3) and a weak one (1.5).
/// A delayed, noisy proportional controller against the task's drift has no closed form here,
/// so the truth is measured: many one-minute blocks of the core model, headless, each with an
/// operator of its own seed. Tests/e2e/test_simulate.py asserts that `report --study` recovers
/// these values within its 95 % intervals.
@Suite struct TrackingTrueValueTests {
    /// The values Tests/e2e/test_simulate.py and docs/simulate.md give. Measured with these 100
    /// operators: 14.636 (standard deviation across operators 0.20) and 40.346 (0.19).
    static let strongStickTruth = 14.64
    static let weakStickTruth = 40.35
    static let operators = 100

    /// The headless runner's virtual frame (KioskShell's VirtualFrameClock): a sixtieth of a
    /// second, truncated to the nanosecond.
    static let frameNanoseconds: Int64 = 1_000_000_000 / 60

    /// A minute of tracking at `stickForce`, run as the headless runner runs it, by the default
    /// model's operator seeded with `seed`: its `track RMS deviation px`.
    static func deviation(stickForce: Double, seed: UInt64) throws -> Double {
        var harness = try SessionHarness("0:00:00;track;joystickforce;\(stickForce)\n0:00:00;track;start\n0:01:00;track;stop\n")
        let visit = SimulatedVisit(model: BehaviourModel(), seed: seed, participant: "SIM-001", visit: "baseline")
        let operating = try #require(visit.participant(for: harness.session, place: 0, earlierRuns: 0))
        var frame = 1
        while !harness.session.isFinished && frame < 10_000 {
            let now = MonotonicTime(nanoseconds: SessionHarness.start.nanoseconds + Int64(frame) * Self.frameNanoseconds)
            harness.session.advance(to: now, inputs: operating.inputs(through: now))
            _ = harness.session.takeRecords()
            frame += 1
        }
        let figure = try #require(harness.session.summaryFigures.first { $0.name == "track RMS deviation px" })
        return try #require(Double(figure.value))
    }

    @Test(arguments: [(3.0, strongStickTruth), (1.5, weakStickTruth)])
    func theStatedTruthIsTheMeanOfManyOperators(stickForce: Double, truth: Double) throws {
        let values = try (1...UInt64(Self.operators)).map { try Self.deviation(stickForce: stickForce, seed: $0) }
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)
        let standardError = (variance / Double(values.count)).squareRoot()
        #expect(abs(mean - truth) <= 3 * standardError + 0.05, "force \(stickForce): measured \(mean) ± \(standardError), stated \(truth)")
    }
}
