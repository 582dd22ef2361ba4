import ArgumentParser
import KioskCore

/// The on-screen stick beside MATB's tracking task and how it responds. Each overrides the
/// same key of the settings file's `[Input]` section.
struct StickArguments: ParsableArguments {
    @Option(name: .customLong("virtual-stick"), help: "On-screen stick beside the tracking task: auto (when no joystick is plugged in; the default), on, or off.")
    var virtualStick: VirtualJoystickSettings.Visibility?

    @Option(name: .customLong("stick-mode"), help: "absolute (deflection = finger position relative to the stick's centre; the default) or relative (the drag vector from where the finger touched).")
    var stickMode: VirtualJoystickSettings.Mode?

    @Option(name: .customLong("stick-side"), help: "Side of the tracking reticle the on-screen stick sits on: right (the default) or left.")
    var stickSide: VirtualJoystickSettings.Side?

    @Option(name: .customLong("stick-dead-zone"), help: "On-screen stick dead zone, as a fraction of full deflection (0 to 0.9; default 0.05).")
    var stickDeadZone: Double?

    @Option(name: .customLong("stick-curve"), help: "On-screen stick sensitivity curve: linear (the default) or exponential (finer near the centre).")
    var stickCurve: StickCurveKind?

    @Option(name: .customLong("stick-curve-factor"), help: "Factor of the exponential curve (0.01 to 20; default 2; larger is flatter near the centre).")
    var stickCurveFactor: Double?

    @Flag(name: .customLong("stick-invert-x"), inversion: .prefixedNo, help: "Invert the on-screen stick's X axis.")
    var stickInvertX: Bool?

    @Flag(name: .customLong("stick-invert-y"), inversion: .prefixedNo, help: "Invert the on-screen stick's Y axis.")
    var stickInvertY: Bool?

    @Option(name: .customLong("stick-gain"), help: "On-screen stick gain (0.01 to 10; default 1); values are clipped to -1...1.")
    var stickGain: Double?

    func validate() throws {
        if let stickDeadZone, !(0...StickResponse.maximumDeadZone).contains(stickDeadZone) { throw ValidationError("--stick-dead-zone must be from 0 to 0.9") }
        if let stickCurveFactor, !(0.01...20).contains(stickCurveFactor) { throw ValidationError("--stick-curve-factor must be from 0.01 to 20") }
        if let stickGain, !(0.01...10).contains(stickGain) { throw ValidationError("--stick-gain must be from 0.01 to 10") }
    }

    /// The options given, over `settings`.
    func overriding(_ settings: InputSettings) -> InputSettings {
        var s = settings
        if let virtualStick { s.virtualStick = virtualStick }
        if let stickMode { s.stickMode = stickMode }
        if let stickSide { s.stickSide = stickSide }
        if let stickDeadZone { s.stickDeadZone = stickDeadZone }
        if let stickCurve { s.stickCurve = stickCurve }
        if let stickCurveFactor { s.stickCurveFactor = stickCurveFactor }
        if let stickInvertX { s.stickInvertX = stickInvertX }
        if let stickInvertY { s.stickInvertY = stickInvertY }
        if let stickGain { s.stickGain = stickGain }
        return s
    }
}

extension VirtualJoystickSettings.Visibility: ExpressibleByArgument {}
extension VirtualJoystickSettings.Mode: ExpressibleByArgument {}
extension VirtualJoystickSettings.Side: ExpressibleByArgument {}
extension StickCurveKind: ExpressibleByArgument {}
