import ArgumentParser
import FoundationEssentials
import KioskCore
import KioskData
import KioskShell

/// Which hardware joystick is read, how, and its calibration. Each overrides the same key of
/// the settings file's `[Input]` section.
struct JoystickArguments: ParsableArguments {
    @Option(name: .customLong("joystick-backend"), help: "Hardware joystick source: evdev (event nodes with kernel timestamps; the default), sdl (SDL's game-controller mappings), or none.")
    var backend: JoystickBackend?

    @Option(name: .customLong("joystick-device"), help: "Use this joystick only: an evdev node such as /dev/input/event5, or with --joystick-backend sdl a joystick name as `labkiosk devices` lists it.")
    var device: String?

    @Flag(name: .customLong("grab"), inversion: .prefixedNo, help: "Take the evdev joystick exclusively, so no other program (the desktop) sees its events.")
    var grab: Bool?

    @Option(help: "Joystick calibration file, written by `labkiosk devices --calibrate` (default: \(CalibrationFile.defaultPath()); sessions use it when it exists).")
    var calibration: String?

    /// The options given, over `settings`.
    func overriding(_ settings: InputSettings) -> InputSettings {
        var s = settings
        if let backend { s.joystickBackend = backend }
        if let device { s.joystickDevice = device }
        if let grab { s.joystickGrab = grab }
        if let calibration { s.calibration = calibration }
        return s
    }

    /// The hardware joystick options from merged settings, with the calibration file read:
    /// a file named explicitly must exist; the default one is used only if it does.
    static func options(_ merged: InputSettings, inputDirectory: String, paths: InstallPaths) throws -> JoystickOptions {
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
                               calibration: calibration, inputDirectory: inputDirectory, udevRule: paths.joystickUdevRule.path)
    }
}

extension JoystickBackend: ExpressibleByArgument {}
