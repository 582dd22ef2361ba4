import ArgumentParser
import FoundationEssentials
import KioskCore
import KioskData
import KioskShell

/// `labkiosk devices`: list input devices, watch a joystick's values, calibrate it.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List input devices, show a joystick's live values, and calibrate it.",
        discussion: """
            Lists every evdev node (name, kind, USB ids, axes with their ranges, buttons, timestamp clock), \
            then shows the first joystick's values as a session would get them, updated in place, until \
            Ctrl-C. With --calibrate, measures the stick at rest and round its edges and writes its centre, \
            range and dead zone to the calibration file, which `labkiosk matb` then uses. A node the user \
            may not open is listed as `permission denied`: install Assets/udev/70-labkiosk-joysticks.rules \
            (docs/input.md).
            """
    )

    @Flag(help: "Print the list and the joystick's current values once, then exit (for scripts).")
    var once = false

    @Option(help: "Stop the live view after this many seconds.")
    var seconds: Double?

    @Flag(help: "Calibrate the joystick and write the calibration file.")
    var calibrate = false

    @Option(name: .customLong("rest-seconds"), help: "Calibration: how long to measure the stick at rest.")
    var restSeconds = 3.0

    @Option(name: .customLong("range-seconds"), help: "Calibration: how long to measure the stick moved round its edges.")
    var rangeSeconds = 8.0

    @Option(help: "Print the JSON description of an evdev node (put it beside a recording of the node's events as <recording>.json to replay it).")
    var describe: String?

    @OptionGroup(title: "Input devices")
    var folder: InputFolderArguments

    @OptionGroup(title: "Input devices")
    var joystick: JoystickArguments

    func validate() throws {
        if once && calibrate { throw ValidationError("--once and --calibrate do not go together") }
        if !(restSeconds > 0 && rangeSeconds > 0) { throw ValidationError("--rest-seconds and --range-seconds must be positive") }
    }

    func run() throws {
        if let describe {
            say(try InputDeviceListing.describe(describe))
            return
        }
        let paths = try InstallPaths()
        let inputDirectory = folder.resolved(InputSettings())
        let options = JoystickOptions(backend: joystick.backend ?? .evdev, device: joystick.device, grab: joystick.grab ?? false,
                                      inputDirectory: inputDirectory, udevRule: paths.joystickUdevRule.path)
        let monitor = try JoystickMonitor(options)
        let listing = options.backend == .sdl ? SDLJoystickSource.listJoysticks()
            : InputDeviceListing.evdev(directory: inputDirectory, udevRule: paths.joystickUdevRule.path)
        say((listing.isEmpty ? ["no joysticks"] : listing).joined(separator: "\n"))
        if calibrate {
            try runCalibration(monitor)
        } else if once {
            monitor.poll()
            say(monitor.snapshot.map(JoystickLiveView.line) ?? "no joystick in use")
            for message in monitor.takeMessages() { printError("labkiosk: \(message)") }
        } else {
            JoystickLiveView.run(monitor, seconds: seconds) { text in StandardStream.output.write(text) }
        }
    }

    /// Writes a line to standard output unbuffered, so it interleaves with the live view.
    private func say(_ text: String) {
        StandardStream.output.write(text + "\n")
    }

    private func runCalibration(_ monitor: JoystickMonitor) throws {
        // Existing entries for other devices are kept.
        let file = joystick.calibration ?? CalibrationFile.defaultPath()
        do {
            let entry = try JoystickCalibrator.run(monitor, restSeconds: restSeconds, rangeSeconds: rangeSeconds) { say($0) }
            var existing = FileManager.default.fileExists(atPath: file) ? try CalibrationFile.load(file).calibration : JoystickCalibration()
            existing.set(entry)
            try CalibrationFile.save(existing, to: file)
            say(JoystickCalibration(entries: [entry]).text.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n"))
            say("calibration written to \(file)")
        } catch {
            printError("labkiosk: \(error)")
            throw ExitCode(1)
        }
    }
}
