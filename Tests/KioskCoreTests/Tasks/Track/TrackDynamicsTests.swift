import Testing
@testable import KioskCore

/// Reference values (docs/openmatb-behaviour.md): reticle side 388.8 (gains 155.52); step 1 is the one
/// consumed at start.
@Suite struct TrackDynamicsTests {
    static let side = TrackGeometry(area: ScreenLayout().taskArea(of: ScreenLayout().region(.topmid))).side

    /// The positions of steps 1...count with a constant stick and, optionally, the automatic
    /// solver fed back with each step's own output (the displayed cursor).
    static func steps(
        _ count: Int, stick: TrackVector = .zero, force: Double = 1, inverse: Bool = false, automaticSolver: Bool = false
    ) -> [TrackVector] {
        var generator = TrackState.Generator()
        var displayed = TrackVector.zero
        var positions: [TrackVector] = []
        for _ in 0..<count {
            let p = TrackDynamics.step(&generator, side: side, automaticSolver: automaticSolver, displayed: displayed,
                                       stick: stick, force: force, inverseAxis: inverse)
            positions.append(p)
            displayed = p
        }
        return positions
    }

    @Test func referenceReticleSide() {
        #expect(Self.side == 388.8)
        #expect((Self.side * 0.8) / 2 == 155.52)
    }

    @Test func freeDriftMatchesOpenMATB() {
        let p = Self.steps(2000)
        #expect(p[0] == TrackVector(x: 0.77759676000405, y: 0.9331144012900777))
        #expect(p[1] == TrackVector(x: 1.5551740801295997, y: 1.8661952105624855))
        #expect(p[2] == TrackVector(x: 2.3327125209841446, y: 2.7992088370088615))
        #expect(p[9] == TrackVector(x: 7.772760404975894, y: 9.325602287683223))
        #expect(p[99] == TrackVector(x: 74.5602597637257, y: 87.81319746239596))
        #expect(p[999] == TrackVector(x: -149.13190319561502, y: -43.45469827989616))
        #expect(p[1257].x == 0.0, "phase wrap")
        #expect(p[1999] == TrackVector(x: -83.7149398492561, y: -84.86219150185518))
    }

    @Test func stickRightPushesTheCursorRight() {
        let p = Self.steps(200, stick: TrackVector(x: 1, y: 0))
        #expect(p[0].x == 1.7775967600040499)
        #expect(p[0].y == 0.9331144012900777)
        #expect(p[99] == TrackVector(x: 174.5602597637257, y: 87.81319746239596))
        #expect(p[199].x == 194.4, "clamped at half the side")
    }

    @Test func stickPushedForwardMovesTheCursorUp() {
        let p = Self.steps(300, stick: TrackVector(x: 0, y: -1))
        #expect(p[0].y == 1.9331144012900778)
        #expect(p[299].y == 194.4)
    }

    @Test func inverseAxisAndForce() {
        let inverted = Self.steps(10, stick: TrackVector(x: 1, y: 0), inverse: true)
        let free = Self.steps(10)
        #expect(inverted[9].x == free[9].x - 10)
        let strong = Self.steps(10, stick: TrackVector(x: 1, y: 0), force: 3)
        #expect(strong[9].x > Self.steps(10, stick: TrackVector(x: 1, y: 0))[9].x)
        let disabled = Self.steps(10, stick: TrackVector(x: 1, y: 0), force: 0)
        #expect(disabled[9] == free[9])
    }

    @Test func automaticSolverWithTheDisplayedCursorFedBack() {
        let p = Self.steps(600, automaticSolver: true)
        #expect(p[0] == TrackVector(x: 1.7775967600040499, y: 1.9331144012900778))
        #expect(p[1] == TrackVector(x: 1.5551740801295997, y: 1.8661952105624855))
        #expect(p[2] == TrackVector(x: 1.3327125209841446, y: 1.7992088370088615))
        #expect(p[599] == TrackVector(x: -0.05301634652302312, y: -0.8207793412075972))
    }

    @Test func cursorStaysInsideTheReticle() {
        for stick in [TrackVector(x: 1, y: 1), TrackVector(x: -1, y: 1), TrackVector(x: 0.3, y: -0.7)] {
            for p in Self.steps(2000, stick: stick, force: 4) {
                #expect(abs(p.x) <= Self.side / 2 && abs(p.y) <= Self.side / 2)
            }
        }
    }

    @Test func scoringTargetDeviationAndResponseTime() {
        let geometry = TrackGeometry(area: ScreenLayout().taskArea(of: ScreenLayout().region(.topmid)))
        #expect(TrackScoring.isInTarget(absolute: geometry.center, center: geometry.center, radius: 48.6) == true)
        #expect(TrackScoring.isInTarget(absolute: geometry.center, center: geometry.center, radius: 0) == nil)
        let far = TrackVector(x: geometry.center.x + 50, y: geometry.center.y)
        #expect(TrackScoring.isInTarget(absolute: far, center: geometry.center, radius: 48.6) == false)
        #expect(PythonRounding.round6(TrackScoring.deviation(TrackVector(x: 1.5551740801295997, y: 1.8661952105624855))) == 2.429249)
        var responseTime = PythonNumber.int(0)
        for _ in 0..<5 { #expect(TrackScoring.countResponseTime(inTarget: false, &responseTime, period: .int(20)) == nil) }
        #expect(TrackScoring.countResponseTime(inTarget: true, &responseTime, period: .int(20)) == .int(100))
        #expect(responseTime == .int(0))
        #expect(TrackScoring.countResponseTime(inTarget: nil, &responseTime, period: .int(20)) == nil, "no target, nothing counted")
    }
}
