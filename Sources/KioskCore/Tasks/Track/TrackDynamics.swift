import RealModule

/// Track's cursor dynamics (docs/openmatb-behaviour.md: Tracking), as pure functions in reference units.
///
/// OpenMATB moves the cursor in window pixels relative to the reticle centre; labkiosk uses
/// the same numbers at the 1920×1080 reference size (reticle side 388.8), whatever the
/// window, so logs match OpenMATB's at that size (docs/compatibility.md).
enum TrackDynamics {
    /// The phase steps of the two sines (Comstock et al., 1992).
    static let xPhaseStep = 0.005, yPhaseStep = 0.006

    /// One step of OpenMATB's cursor generator.
    ///
    /// - Parameters:
    ///   - generator: phases and accumulated offsets, updated.
    ///   - side: reticle side; the drift reaches 80 % of the half side and the cursor is
    ///     clamped to ±side/2.
    ///   - automaticSolver: push one unit per step toward the centre of the *displayed* cursor.
    ///   - displayed: the cursor as currently shown (the previous step once refreshed).
    ///   - stick: joystick deflection, x right +, y pulled back +, each in −1…1.
    ///   - force: stick gain (`joystickforce`).
    ///   - inverseAxis: invert both axes.
    /// - Returns: the new cursor position relative to the reticle centre.
    static func step(
        _ generator: inout TrackState.Generator, side: Double, automaticSolver: Bool, displayed: TrackVector,
        stick: TrackVector, force: Double, inverseAxis: Bool
    ) -> TrackVector {
        let gain = (side * 0.8) / 2
        generator.xPhase = generator.xPhase < 2 * Double.pi ? generator.xPhase + xPhaseStep : 0
        generator.yPhase = generator.yPhase < 2 * Double.pi ? generator.yPhase + yPhaseStep : 0
        var x = Double.sin(generator.xPhase) * gain
        var y = Double.sin(generator.yPhase) * gain
        var autoX = 0.0, autoY = 0.0
        if automaticSolver {
            autoX = -displayed.x >= 0 ? 1 : -1
            autoY = -displayed.y >= 0 ? 1 : -1
        }
        let stickX = inverseAxis ? -stick.x : stick.x
        let stickY = inverseAxis ? stick.y : -stick.y
        let compensationX = autoX + stickX * force
        let compensationY = autoY + stickY * force
        generator.xOffset += compensationX
        generator.yOffset += compensationY
        x += generator.xOffset
        y += generator.yOffset
        clamp(&x, &generator.xOffset, limit: side / 2, compensation: compensationX, force: force)
        clamp(&y, &generator.yOffset, limit: side / 2, compensation: compensationY, force: force)
        return TrackVector(x: x, y: y)
    }

    /// Keeps a coordinate inside ±limit; if the stick pushed it out, the offset gives back
    /// the overshoot and that step's push (so the stick is neutralised only when it does not
    /// point toward the centre).
    private static func clamp(_ value: inout Double, _ offset: inout Double, limit: Double, compensation: Double, force: Double) {
        let limited = min(max(value, -limit), limit)
        guard limited != value else { return }
        let difference = value - limited
        value -= difference
        if compensation != 0 && difference / compensation > 0 {
            offset -= difference + compensation * force
        }
    }
}
