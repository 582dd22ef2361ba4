import ArgumentParser
import KioskCore
import KioskData
import KioskShell

/// `labkiosk timing`: flashes a patch under a light sensor and measures the display against it.
struct TimingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timing",
        abstract: "Check the display's timing with a light sensor: flash a patch for 1, 2, 3, 6 and 12 frames and compare each onset with the light.",
        discussion: """
            The sensor is a photodiode with a comparator on a button input (an evdev device: the \
            kernel stamps each change); --sensor names its /dev/input/event* node. Or it is a \
            photodiode on a sound card's line-in (--line-in): recorded at 48 kHz, its threshold \
            found from the dark screen and the longest flashes, each sample put on the machine's \
            clock by when its block arrived. The patch flashes \
            white on black at --patch, or where --find-patch finds the sensor, each length --repeats times in a shuffled order after a dark gap of 18 to \
            30 frames. Needs a window whose display reports presentation (X11 with Present). Writes \
            DATA/<yyyy-MM-dd>/<N>_<yymmdd>_<HHMMSS>_timing.tsv (a row per flash: frames asked for, \
            frame start, presented, light on, light off, response) and _timing_summary.txt (visual onset and \
            duration lag and variability, as the timing mega-study's columns), prints the summary, \
            and exits 1 when the figures do not stand (a sensor that never saw light or saw flicker). \
            When they stand, writes _timing_certificate.txt beside them, the kiosk's timing \
            certificate, and keeps it in the data folder's catalogue, where a plan's \
            timing_certificate_max_age_days looks for it; it holds only for the display it was made \
            on (resolution, refresh rate, display system, compositor). With --response, a button box in \
            "virtual human" mode (its own sensor on the patch, pressing --response-delay ms after \
            light) answers each flash, and the summary, and the certificate when there is one, add the \
            answered flashes and the response time's lag and variability: the press minus the \
            logged onset, minus that delay. --certificates measures \
            nothing: it lists the data folder's certificates, newest first, each with its age, the \
            display it was made on and whether it is valid for the display SDL reports now. See \
            docs/timing.md.
            """
    )

    @Option(help: "The light sensor's evdev node (/dev/input/event*); or --line-in; neither with --certificates.")
    var sensor: String?

    @Flag(name: .customLong("line-in"), help: "The light sensor is a photodiode on a sound card's line-in (instead of --sensor), recorded at 48 kHz.")
    var lineIn = false

    @Option(name: .customLong("line-in-device"), help: "The capture device with the line-in, by its name (default: the system's default capture device).")
    var lineInDevice: String?

    @Flag(help: "List the data folder's timing certificates instead of measuring: newest first, each with its age, display mode and validity for this display.")
    var certificates = false

    @Option(name: .customLong("sensor-key"), help: "The sensor's key code on a board with several keys (default: the first key that changes).")
    var sensorKey: UInt16?

    @Option(help: "A response device's evdev node: a button box pressing a known delay after its own sensor sees light.")
    var response: String?

    @Option(name: .customLong("response-key"), help: "The response device's key code on a board with several keys (default: the first key that changes).")
    var responseKey: UInt16?

    @Option(name: .customLong("response-delay"), help: "The response device's delay after light, in ms, as set on it (needed with --response).")
    var responseDelay: Double?

    @Option(help: "The patch's top-left corner, in screen pixels from the top-left: X,Y.")
    var patch: String = "0,0"

    @Option(name: .customLong("patch-size"), help: "The patch's side, in pixels.")
    var patchSize: Int = 100

    @Flag(name: .customLong("find-patch"), help: "Find the sensor first, as PsychoPy's validator does (halves of the screen flashed in turn, narrowing down to the patch's size), instead of --patch.")
    var findPatch = false

    @Option(help: "Flashes of each length.")
    var repeats: Int = 20

    @Option(help: "Seed of the flashes' order and gaps (default: a new one).")
    var seed: UInt64?

    @OptionGroup(title: "Running")
    var running: RunArguments

    func validate() throws {
        if certificates {
            if sensor != nil || lineIn { throw ValidationError("--certificates lists the certificates and measures nothing; drop --sensor and --line-in") }
            return
        }
        if running.headless { throw ValidationError("timing measures a display; drop --headless") }
        if (sensor == nil) == !lineIn {
            throw ValidationError("name the light sensor: --sensor DEVICE (a photodiode on a button input) or --line-in (one on a sound card's line-in); "
                                  + "or --certificates lists the certificates")
        }
        if lineInDevice != nil, !lineIn { throw ValidationError("--line-in-device names the capture device of a --line-in sensor") }
        if lineIn, findPatch { throw ValidationError("--find-patch reads the sensor while the screen flashes, which a line-in sensor, read once the run is over, cannot do; place the patch with --patch") }
        guard (1...1000).contains(repeats) else { throw ValidationError("--repeats is a number of flashes of each length, 1 to 1000") }
        guard patchPosition != nil else { throw ValidationError("--patch is X,Y in pixels (e.g. 0,0), got \(patch)") }
        if response != nil, responseDelay == nil { throw ValidationError("--response needs --response-delay: the device's delay after light, in ms") }
        if response == nil, responseDelay != nil || responseKey != nil { throw ValidationError("--response-delay and --response-key describe a --response device; name it") }
        if let responseDelay, !(responseDelay.isFinite && (0...250).contains(responseDelay)) {
            throw ValidationError("--response-delay is the device's delay after light in ms, 0 to 250 (shorter than the dark gap between flashes); got \(responseDelay)")
        }
    }

    private var patchPosition: (x: Int, y: Int)? {
        let parts = patch.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) else { return nil }
        return (x, y)
    }

    func run() throws {
        let settings = try running.readSettings()
        let options = RunOptions.resolve(commandLine: running.commandLine, settings: settings, joystick: JoystickOptions(backend: .sdl))
        if certificates { return try listCertificates(options) }
        let canvas = running.windowCanvas(options)
        let place = patchPosition ?? (0, 0)
        let patch = TimingPatch(x: findPatch ? 0 : place.x, y: findPatch ? 0 : place.y, size: patchSize)
        if let problem = patch.problem(on: canvas) {
            printError("labkiosk: \(problem); nothing was measured")
            throw ExitCode(1)
        }
        let schedule = FlashSchedule(repeats: repeats, seed: seed ?? UInt64.random(in: 0...UInt64.max))
        let reader: TimingSensor
        do {
            if let sensor {
                reader = .button(try LightSensorReader(path: sensor, keyCode: sensorKey))
            } else {
                reader = .lineIn(try LineInReader(deviceName: lineInDevice, expectedSeconds: schedule.recordingSeconds))
            }
        } catch {
            printError("labkiosk: \(error)")
            throw ExitCode(1)
        }
        var responder: (device: LightSensorReader, delayMilliseconds: Double)?
        if let response, let responseDelay {
            do { responder = (try LightSensorReader(path: response, keyCode: responseKey, namedBy: "--response", role: .responseDevice), responseDelay) } catch {
                printError("labkiosk: \(error)")
                throw ExitCode(1)
            }
        }
        var host: TimingBlockHost?
        try runBlockListingFiles(options: options, headless: false, images: [:]) { context in
            let made = try TimingBlockHost(placement: findPatch ? .search(patchSize: patchSize) : .at(patch), schedule: schedule, sensor: reader,
                                           response: responder, canvas: canvas, context: context, run: options)
            host = made
            return made
        }
        guard let host, let summary = host.summary else { return }
        if findPatch, let found = host.timing.patch { print("timing: the search found the light sensor under the patch at \(found.x),\(found.y) (\(found.size) px)") }
        for line in summary.lines { print(line) }
        guard host.problems.isEmpty else {
            for problem in host.problems { printError("labkiosk: timing: \(problem)") }
            printError("labkiosk: timing: these figures do not stand as the kiosk's timing; no timing certificate was written")
            throw ExitCode(1)
        }
        guard let made = host.certificate else { return }
        print("timing: certificate written: \(made.path)")
        do {
            let catalogue = try SessionCatalogue.open(dataDirectory: options.dataDirectory)
            for warning in catalogue.warnings { printError("labkiosk: \(warning)") }
            try catalogue.catalogue.addCertificate(made.path)
            print("timing: this kiosk's timing certificate now, kept in \(options.dataDirectory)/\(SessionCatalogue.fileName): made \(made.certificate.made), \(made.certificate.briefly)")
        } catch {
            // The file is the certificate; the catalogue finds it when it is next rebuilt.
            printError("labkiosk: timing: the certificate is written but the catalogue could not take it: \(error); `labkiosk sessions --rebuild` indexes it")
            throw ExitCode(1)
        }
    }

    /// The data folder's certificates, read from their files as the self-check reads them; a
    /// damaged one is named with its problems and the listing goes on, ending with status 1.
    private func listCertificates(_ options: RunOptions) throws {
        var damaged = false
        let entries = SessionCatalogue.certificates(inDataFolder: options.dataDirectory).compactMap { path, read -> TimingCertificateListing.Entry? in
            switch read {
            case .success(let certificate):
                return TimingCertificateListing.Entry(path: String(path.dropFirst(options.dataDirectory.count + 1)), certificate: certificate)
            case .failure(let problem):
                printError("labkiosk: timing: not a certificate: \(problem)")
                damaged = true
                return nil
            }
        }
        let listing = TimingCertificateListing(entries, folder: options.dataDirectory, display: CurrentDisplay.read(screenIndex: options.window.screenIndex),
                                               today: CalendarDate(WallClock.localDateTime()))
        for line in listing.lines { print(line) }
        if damaged { throw ExitCode(1) }
    }
}
