import ArgumentParser
import FoundationEssentials
import Glibc
import KioskCore
import KioskData
import KioskShell

/// `labkiosk pad`: a drawing-pad experiment from an InteractLog configuration.
struct PadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pad",
        abstract: "Run a drawing-pad experiment (Java InteractLog 2.3 configurations and files).",
        discussion: """
            Without a configuration, runs the bundled example (Scenarios/drawing-pad/drawing.ini). \
            Each trial writes DATA/<yyyy-MM-dd>/<Name> (Trial n) <yyyy-MM-dd - HH-mm-ss>.txt in \
            InteractLog 2.3's format, with _strokes.txt, _keys.txt, _img.png and _samples.tsv (every \
            pointer sample) beside it; an existing name is never replaced (a ` (2)` stem is used). \
            While a trial runs its lines go to a _journal.txt, synced after every stroke; a journal left \
            by a crash is turned into files marked (recovered) at the next start or by `labkiosk recover`. \
            Keys on the pad are InteractLog's: Down (or any other key) hides the image, Up shows the \
            stimulus again, Right/Left the next/previous one, Esc or Ctrl+Enter ends the trial. \
            See docs/drawing-pad.md.
            """
    )

    @Argument(help: "The configuration: InteractLog's .ini, with labkiosk's own keys if wanted.")
    var configurationFile: String?

    @Option(name: .customLong("write-configuration"), help: ArgumentHelp(
        "Write CONFIG (or, without one, every setting at its default) to this new file in InteractLog's layout, with labkiosk's keys after it, and stop.",
        valueName: "file"))
    var writeConfiguration: String?

    @Option(name: .customLong("pointer-input"), help: "evdev (default): pens and touchscreens read from the input folder, with kernel times, pressure and tilt, SDL's mouse and touch where none is readable; sdl: SDL's mouse and touch events only.")
    var pointerInput: PointerInputChoice = .evdev

    @OptionGroup(title: "Input devices")
    var input: InputFolderArguments

    @OptionGroup(title: "Running")
    var running: RunArguments

    func run() throws {
        if let target = writeConfiguration {
            try writeConfiguration(to: target)
            return
        }
        let paths = try InstallPaths()
        let settings = try running.readSettings()
        var options = RunOptions.resolve(commandLine: running.commandLine, settings: settings, joystick: JoystickOptions(backend: .none))
        let inputDirectory = input.resolved(settings.input)
        if pointerInput == .evdev { options.pointerInput = .evdev(directory: inputDirectory, udevRule: paths.joystickUdevRule.path) }
        let path = configurationFile ?? paths.scenarios.appendingPathComponent("drawing-pad/drawing.ini").path
        let loaded = try loadedOrExit(PadLoader.load(path), path: path, what: "configuration")
        recoverJournals(in: options.dataDirectory)

        let display = running.headless ? nil : DisplayInfo.query(screenIndex: options.window.screenIndex)
        let canvas = running.windowCanvas(options)
        let pad: PadBlock
        do {
            pad = try PadBlock(configuration: loaded.configuration, imageSizes: loaded.imageSizes.mapValues { ($0.width, $0.height) },
                               canvas: canvas, participant: options.participant)
        } catch {
            printError("\(path): \(error); choose a smaller `recording pad size` or a larger window (--size, --fullscreen)")
            throw ExitCode(1)
        }
        var information = ["pad: \(pad.layout.padWidth)x\(pad.layout.padHeight) px" + millimetres(pad.layout, display)]
        information.append(pointerInput == .evdev
            ? "pointer input: evdev pens and touchscreens under \(inputDirectory) (each named in a device row), else SDL's mouse (left button) and touch"
            : "pointer input: SDL's mouse (left button) and touch; no pressure or tilt, times as SDL stamps them")
        do {
            let summary = try BlockRunner.run(options: options, headless: running.headless, images: loaded.images) { context in
                PadBlockHost(pad: pad, images: loaded.images, dataDirectory: options.dataDirectory, information: information, context: context)
            }
            if summary.block.dataFiles.isEmpty { print("no trial was recorded") }
        } catch {
            printError("labkiosk: \(error)")
            throw ExitCode(1)
        }
    }

    /// A configuration file to start from: a lab's own read back, or the defaults.
    private func writeConfiguration(to target: String) throws {
        var configuration = PadConfiguration()
        if let path = configurationFile {
            switch PadConfigurationReader.read(try textOrExit(path), file: path) {
            case .success(let read): configuration = read
            case .failure(let errors):
                for diagnostic in errors.diagnostics { printError(diagnostic.description) }
                throw ExitCode(1)
            }
        }
        // O_EXCL: an existing file is never replaced.
        let descriptor = open(target, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            printError("labkiosk: \(target): \(String(cString: strerror(errno)))")
            throw ExitCode(1)
        }
        defer { close(descriptor) }
        let bytes = Array(configuration.fileText.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            printError("labkiosk: \(target): \(String(cString: strerror(errno)))")
            throw ExitCode(1)
        }
        print(target)
    }

    private func millimetres(_ layout: PadLayout, _ display: DisplayInfo?) -> String {
        guard let dpi = display?.dpi else { return " (the display does not report its size)" }
        let width = Double(layout.padWidth) / dpi.horizontal * 25.4, height = Double(layout.padHeight) / dpi.vertical * 25.4
        return String(cFormat: ", %.1fx%.1f mm (display at %.1fx%.1f dpi)", width, height, dpi.horizontal, dpi.vertical)
    }

    /// Trials a crash interrupted become files before anything new starts.
    private func recoverJournals(in directory: String) {
        for journal in PadTrialStorage.journals(under: directory) {
            do {
                let written = try PadTrialStorage.complete(journal: journal)
                print("labkiosk: recovered an interrupted trial: \(written.first ?? journal)")
            } catch let live as PadTrialStorage.JournalInUse {
                print("labkiosk: \(live)")
            } catch {
                printError("labkiosk: could not recover \(journal): \(error)")
            }
        }
    }
}

/// `--pointer-input`.
enum PointerInputChoice: String, ExpressibleByArgument {
    case evdev, sdl
}
