import KioskCore
import KioskData

/// A prompt sequence's host: its log, `<N>_<yymmdd>_<HHMMSS>_prompts.tsv`, a row per phase
/// change as it happens; the markers on a Lab Streaming Layer outlet and the parallel port
/// when the sequence asks for them; the speech (docs/prompts.md).
///
/// In a window, a frame's rows and markers wait until the frame is on screen, so a marker
/// reaches the recorder, stamped, at the moment the participant could see the phase.
public final class PromptsBlockHost: BlockHost {
    public let prompts: PromptsBlock
    public var block: any Block { prompts }
    public private(set) var notes: [String]
    private let log: LogFile<PromptsLogFormat>
    private let runNumber: Int
    private let speech: [String: [Int16]]
    private let player: SpeechPlayer?
    private let outlet: MarkerStream?
    private let parallelPort: ParallelPortWriter?
    private let windowed: Bool
    private var start = MonotonicTime(nanoseconds: 0)
    /// This frame's rows and markers, in a window, until it is shown.
    private var unshown: [PromptsOutput] = []
    private var problems: [String] = []

    /// How long a marker's byte stays on the parallel port before it goes back to 0
    /// (OpenMATB's `parallelport` default `delayms`).
    static let pulseNanoseconds: Int64 = 5_000_000

    /// The marker devices a sequence asks for, opened: a missing liblsl or port stops the
    /// block before it starts.
    public struct MarkerDevices {
        public var stream: MarkerStream?
        public var parallelPort: ParallelPortWriter?
        public var notes: [String] = []

        public init(stream: MarkerStream? = nil, parallelPort: ParallelPortWriter? = nil) {
            self.stream = stream
            self.parallelPort = parallelPort
        }

        public static func open(for sequence: PromptSequence, parallelPortPath: String = PPDevParallelPort.defaultPath()) throws -> MarkerDevices {
            var devices = MarkerDevices()
            if sequence.labStreamingLayer {
                let library = try LabStreamingLayerLibrary()
                devices.stream = try MarkerOutlet(library: library)
                devices.notes.append("markers: Lab Streaming Layer outlet \(MarkerOutlet.name) (liblsl \(library.version))")
            }
            if sequence.parallelPort {
                devices.parallelPort = ParallelPortWriter(device: try PPDevParallelPort(path: parallelPortPath))
                devices.notes.append("markers: phase codes to the parallel port \(parallelPortPath)")
            }
            return devices
        }
    }

    /// Opens the log; `markers` are the devices the sequence's markers go to.
    public init(loaded: PromptsLoader.Loaded, run: RunOptions, seed: UInt64, canvas: Canvas, context: RunContext, version: String,
                markers: MarkerDevices) throws {
        prompts = PromptsBlock(sequence: loaded.sequence, canvas: canvas, seed: seed,
                               imageSizes: loaded.imageSizes.mapValues { ($0.width, $0.height) }, speechSeconds: loaded.speechSeconds)
        speech = loaded.speech
        windowed = !context.headless
        notes = loaded.notes + markers.notes
        outlet = markers.stream
        parallelPort = markers.parallelPort
        if context.headless || run.mute || speech.isEmpty {
            player = nil
        } else {
            do { player = try SpeechPlayer(speed: context.blockSpeed) } catch {
                notes.append("no audio output (\(error)); the prompts will not be heard, the log is unaffected")
                player = nil
            }
        }
        let created: (number: Int, files: [AppendOnlyFile])
        do {
            created = try RunFiles.create(in: run.dataDirectory, date: WallClock.localDateTime(), suffixes: [PromptsLogFile.suffix],
                                              numbersUnder: run.runNumberRoot)
        } catch {
            throw ShellError("\(error)")
        }
        runNumber = created.number
        created.files[0].append(PromptsLogFormat.opening(prompts.logHeader(participant: run.participant ?? "", sequenceFile: loaded.path,
                                                                            labkioskVersion: version,
                                                                            onsetClock: context.headless ? nil : context.onsetClock)))
        log = LogFile<PromptsLogFormat>(created.files[0])
        log.flush()
        notes.append("prompts: \(prompts.trialOrder.count) trials, log \(log.path)")
    }

    public func begin(at time: MonotonicTime) {
        start = time
        prompts.begin(at: time)
    }

    public func endFrame(at time: MonotonicTime) throws {
        for problem in problems { prompts.report(problem, fatal: false, at: time) }
        problems.removeAll()
        for output in prompts.takeOutputs() {
            if case .speak(let text) = output {
                if let samples = speech[text] { player?.play(samples) }
            } else if windowed {
                unshown.append(output)
            } else {
                perform(output)
            }
        }
        log.flush()
        if let error = log.lastError { throw ShellError("prompts log: \(error)") }
    }

    public func framePresented(_ presentation: PresentationRecord) throws {
        let shownAt = prompts.blockTime(of: presentation.presentedTime)
        let earliest = presentation.earliestPossibleTime.map(prompts.blockTime(of:))
        for output in unshown { perform(output.shown(at: shownAt, earliestPossible: earliest)) }
        unshown.removeAll(keepingCapacity: true)
        log.flush()
    }

    public func finish() throws -> BlockRecord {
        for output in unshown + prompts.takeOutputs() { perform(output) }
        unshown = []
        player?.stop()
        parallelPort?.close()
        do { try log.close() } catch { throw ShellError("prompts log: \(error)") }
        return BlockRecord(runNumber: runNumber, dataFiles: [log.path], figures: prompts.summaryFigures)
    }

    private func perform(_ output: PromptsOutput) {
        switch output {
        case .row(let row):
            log.append([row])
        case .marker(let marker):
            let at = MonotonicTime(nanoseconds: start.nanoseconds + marker.time.nanoseconds)
            if let outlet, !outlet.push(marker.name, at: at) { problems.append("labstreaminglayer: liblsl refused the marker \(marker.name)") }
            if let parallelPort, let code = marker.code {
                parallelPort.write(code, due: at)
                parallelPort.write(0, due: MonotonicTime(nanoseconds: at.nanoseconds + Self.pulseNanoseconds))
                problems += parallelPort.takeProblems()
            }
        case .speak:
            break
        }
    }
}
