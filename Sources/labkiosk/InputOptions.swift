import ArgumentParser
import FoundationEssentials
import KioskCore
import KioskShell

/// Input options shared by `matb` (the on-screen stick, the hardware joystick) and,
/// in part, `devices`. Each overrides the same key of the settings file's `[Input]` section.
struct InputOptions: ParsableArguments {
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

    @Option(name: .customLong("joystick-backend"), help: "Hardware joystick source: evdev (/dev/input, kernel timestamps; the default), sdl (SDL's game-controller mappings), or none.")
    var joystickBackend: JoystickBackend?

    @Option(name: .customLong("joystick-device"), help: "Use this joystick only: an evdev node such as /dev/input/event5, or with --joystick-backend sdl a joystick name as `labkiosk devices` lists it.")
    var joystickDevice: String?

    @Flag(name: .customLong("grab"), inversion: .prefixedNo, help: "Take the evdev joystick exclusively, so no other program (the desktop) sees its events.")
    var grab: Bool?

    @Option(help: "Joystick calibration file written by `labkiosk devices --calibrate` (default: \(CalibrationFile.defaultPath()) when it exists).")
    var calibration: String?

    @Option(name: .customLong("input-dir"), help: "Folder holding evdev event nodes (default /dev/input).")
    var inputDirectory: String?

    func validate() throws {
        if let stickDeadZone, !(0...StickResponse.maximumDeadZone).contains(stickDeadZone) { throw ValidationError("--stick-dead-zone must be from 0 to 0.9") }
        if let stickCurveFactor, !(0.01...20).contains(stickCurveFactor) { throw ValidationError("--stick-curve-factor must be from 0.01 to 20") }
        if let stickGain, !(0.01...10).contains(stickGain) { throw ValidationError("--stick-gain must be from 0.01 to 10") }
    }

    /// The options given, as settings that override the file's.
    var settings: InputSettings {
        var s = InputSettings()
        s.virtualStick = virtualStick
        s.stickMode = stickMode
        s.stickSide = stickSide
        s.stickDeadZone = stickDeadZone
        s.stickCurve = stickCurve
        s.stickCurveFactor = stickCurveFactor
        s.stickInvertX = stickInvertX
        s.stickInvertY = stickInvertY
        s.stickGain = stickGain
        s.joystickBackend = joystickBackend
        s.joystickDevice = joystickDevice
        s.joystickGrab = grab
        s.calibration = calibration
        s.inputDirectory = inputDirectory
        return s
    }

    /// The hardware joystick options from merged settings, with the calibration file read:
    /// a file named explicitly must exist; the default one is used only if it does.
    static func joystick(_ merged: InputSettings, paths: InstallPaths) throws -> JoystickOptions {
        var calibration = JoystickCalibration()
        let path = merged.calibration ?? CalibrationFile.defaultPath()
        if merged.calibration != nil || FileManager.default.fileExists(atPath: path) {
            do {
                let (read, warnings) = try CalibrationFile.load(path)
                for warning in warnings { printError(warning.description) }
                calibration = read
            } catch {
                printError("labkiosk: \(error)")
                throw ExitCode(1)
            }
        }
        return JoystickOptions(backend: merged.joystickBackend ?? .evdev, device: merged.joystickDevice, grab: merged.joystickGrab ?? false,
                               calibration: calibration, inputDirectory: merged.inputDirectory ?? "/dev/input", udevRule: paths.joystickUdevRule.path)
    }
}

extension VirtualJoystickSettings.Visibility: ExpressibleByArgument {}
extension VirtualJoystickSettings.Mode: ExpressibleByArgument {}
extension VirtualJoystickSettings.Side: ExpressibleByArgument {}
extension StickCurveKind: ExpressibleByArgument {}
extension JoystickBackend: ExpressibleByArgument {}
