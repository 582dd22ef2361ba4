import Glibc
import KioskCore
import KioskData

/// The host of `labkiosk timing`: reads the light sensor every frame, keeps each frame's start
/// and the refresh the display reported for it, and when the flashes are over pairs them
/// (``TimingAnalysis``) and writes `<N>_<yymmdd>_<HHMMSS>_timing.tsv`, a row per flash, and
/// `…_timing_summary.txt`, the figures and whether they stand (docs/timing.md); when they
/// stand, also `…_timing_certificate.txt`, the kiosk's timing certificate.
public final class TimingBlockHost: BlockHost {
    public let timing: TimingBlock
    public var block: any Block { timing }
    public private(set) var notes: [String]
    private let sensor: TimingSensor
    /// A button box answering each flash a known delay (ms) after its own sensor sees light.
    private let response: (device: LightSensorReader, delayMilliseconds: Double)?
    private let onsetClock: OnsetClock
    private let displayPath: String?
    private let canvas: Canvas
    private let table: AppendOnlyFile
    private let summaryFile: AppendOnlyFile
    private let runNumber: Int
    private var frames: [ShownFrame] = []
    /// The next frame in `frames` whose presentation the display has not reported yet.
    private var nextUnpresented = 0
    /// The figures and the problems that keep them from standing, once finished.
    public private(set) var summary: TimingSummary?
    public private(set) var problems: [String] = []
    /// The certificate written, when the figures stood, and its file.
    public private(set) var certificate: (certificate: TimingCertificate, path: String)?

    /// Refuses a display that reports no presentation and a patch off the screen before
    /// anything is shown or written.
    public init(placement: TimingBlock.Placement, schedule: FlashSchedule, sensor: TimingSensor,
                response: (device: LightSensorReader, delayMilliseconds: Double)? = nil, canvas: Canvas, context: RunContext,
                run: RunOptions) throws {
        if case .at(let patch) = placement, let problem = patch.problem(on: canvas) { throw ShellError("\(problem); nothing was measured") }
        if case .search(let size) = placement, let problem = TimingPatch(x: 0, y: 0, size: size).problem(on: canvas) {
            throw ShellError("\(problem); nothing was measured")
        }
        if case .search = placement, case .lineIn = sensor {
            throw ShellError("the search for the sensor reads it while the screen flashes, which a line-in sensor, read once the run is over, "
                             + "cannot do: place the patch with --patch; nothing was measured")
        }
        guard context.onsetClock == .displayPresented else {
            throw ShellError("the display reports no presentation (onset clock: \(context.onsetClock.logName)), so there is no logged onset "
                             + "to check against the light; run `labkiosk timing` in a window on an X server with the Present extension "
                             + "(docs/timing.md); nothing was measured")
        }
        timing = TimingBlock(canvas: canvas, placement: placement, schedule: schedule)
        self.sensor = sensor
        self.response = response
        onsetClock = context.onsetClock
        displayPath = context.displayPath
        self.canvas = canvas
        let created: (number: Int, files: [AppendOnlyFile])
        do {
            created = try RunFiles.create(in: run.dataDirectory, date: WallClock.localDateTime(), suffixes: ["_timing.tsv", "_timing_summary.txt"],
                                          numbersUnder: run.runNumberRoot)
        } catch {
            throw ShellError("\(error)")
        }
        runNumber = created.number
        (table, summaryFile) = (created.files[0], created.files[1])
        switch placement {
        case .at(let patch):
            notes = ["timing: \(schedule.flashes.count) flashes at \(patch.x),\(patch.y) (\(patch.size) px), light sensor \(sensor.name)"]
        case .search(let size):
            notes = ["timing: \(schedule.flashes.count) flashes of a \(size) px patch where the search finds the light sensor \(sensor.name)"]
        }
        if let response {
            notes.append("timing: response device \(response.device.name), answering \(TabSeparated.decimal(response.delayMilliseconds, places: 3)) ms after light")
        }
    }

    public func collectInputs(into inputs: inout [InputEvent]) {
        if case .button(let reader) = sensor {
            let before = reader.edges.count
            reader.poll()
            if reader.edges[before...].contains(where: \.isLight) { timing.sensorSawLight() }
        }
        response?.device.poll()
    }

    public func begin(at time: MonotonicTime) { timing.begin(at: time) }

    public func endFrame(at time: MonotonicTime) throws {
        guard timing.frame > (frames.last?.index ?? -1) else { return }
        frames.append(ShownFrame(index: timing.frame, softwareTime: time, presentedTime: nil))
    }

    public func framePresented(_ presentation: PresentationRecord) throws {
        guard nextUnpresented < frames.count else { return }
        frames[nextUnpresented].presentedTime = presentation.presentedTime
        frames[nextUnpresented].earliestPossibleTime = presentation.earliestPossibleTime
        frames[nextUnpresented].refreshCounter = presentation.sequence
        nextUnpresented += 1
    }

    public func finish() throws -> BlockRecord {
        response?.device.poll()
        // The flash schedule counts its frames from the first after the search.
        let flashFrames: [ShownFrame] = timing.flashStart.map { start in
            frames.filter { $0.index >= start }.map { (frame: ShownFrame) -> ShownFrame in
                var shifted = frame
                shifted.index -= start
                return shifted
            }
        } ?? []
        let (edges, sensorFailure, reading) = light(flashFrames: flashFrames)
        let presses = response?.device.edges.filter(\.isLight).map(\.time) ?? []
        let measurements = TimingAnalysis.measure(schedule: timing.schedule, frames: flashFrames, edges: edges, responses: presses)
        let summary = TimingSummary(measurements, refreshNanoseconds: TimingAnalysis.refreshNanoseconds(frames),
                                    responseDelayMilliseconds: response?.delayMilliseconds, missedRefreshes: TimingAnalysis.missedRefreshes(frames))
        self.summary = summary
        let searchProblem = timing.search != nil && timing.patch == nil && !timing.wasStopped
            ? ["the sensor \(sensor.name) never saw light while the screen flashed in search of it: is it on the screen, facing it, "
               + "and its comparator set below white?"] : []
        problems = (sensorFailure.map { [$0] } ?? []) + (response?.device.failure.map { [$0] } ?? []) + searchProblem
            + TimingVerdict.problems(summary, onsetClock: onsetClock, stopped: timing.wasStopped, sensor: sensor.name)
        table.append(Array((([FlashMeasurement.header] + measurements.map(\.row)).joined(separator: "\n") + "\n").utf8))
        let verdict = problems.isEmpty ? ["valid: yes"] : ["valid: no"] + problems.map { "problem: \($0)" }
        let place = timing.patch.map { "patch: \($0.x),\($0.y), \($0.size) px" + (timing.search != nil ? " (found by the search)" : "") } ?? "patch: not found"
        summaryFile.append(Array(((["onset clock: \(onsetClock.logName)", "sensor: \(sensor.name)"] + (reading.map { [$0] } ?? []) + [place]
                                   + summary.lines + verdict)
            .joined(separator: "\n") + "\n").utf8))
        do {
            try table.close()
            try summaryFile.close()
        } catch {
            throw ShellError("timing files: \(error)")
        }
        let made = TimingCertificate(summary: summary, problems: problems, onsetClock: onsetClock, patch: timing.patch,
                                     made: BatchJournal.time(WallClock.localDateTime()), kiosk: KioskIdentity.hostName,
                                     version: LabkioskVersion.current, width: Int(canvas.width), height: Int(canvas.height),
                                     displayPath: displayPath ?? "unknown", compositor: KioskIdentity.compositor, sensor: sensor.name,
                                     responseDevice: response?.device.name)
        if let made {
            let path = String(summaryFile.path.dropLast("_timing_summary.txt".count)) + TimingCertificate.fileSuffix
            try Self.writeOnce(made.text, to: path)
            certificate = (made, path)
        }
        return BlockRecord(runNumber: runNumber, dataFiles: [table.path, summaryFile.path] + (certificate.map { [$0.path] } ?? []),
                           figures: [("flashes", String(summary.flashes)), ("measured flashes", String(summary.measured))])
    }

    /// The sensor's light edges, and why it could not be read, if it could not. A line-in's
    /// threshold comes from the dark lead-in (after its first 10 frames, while the screen turns
    /// black) and the middle of the longest flashes: from 4 to 8 refreshes after each was shown,
    /// lit whatever the display's lag up to 4 refreshes.
    private func light(flashFrames: [ShownFrame]) -> (edges: [LightEdge], failure: String?, reading: String?) {
        switch sensor {
        case .button(let reader):
            reader.poll()
            return (reader.edges, reader.failure, nil)
        case .lineIn(let reader):
            let recording = reader.finish()
            let byIndex = Dictionary(flashFrames.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
            guard let refresh = TimingAnalysis.refreshNanoseconds(flashFrames), let leadIn = flashFrames.first(where: { $0.index == 10 }),
                  let firstFlash = timing.schedule.flashes.first.flatMap({ byIndex[$0.firstFrame] }), leadIn.softwareTime < firstFlash.softwareTime,
                  let longest = timing.schedule.flashes.map(\.frames).max()
            else { return ([], "the run ended before the line-in sensor could be read against a dark screen and a lit patch", nil) }
            let lit = timing.schedule.flashes.filter { $0.frames == longest }.compactMap { flash -> ClosedRange<MonotonicTime>? in
                guard let shown = byIndex[flash.firstFrame]?.presentedTime else { return nil }
                return MonotonicTime(nanoseconds: shown.nanoseconds + Int64(4 * refresh))...MonotonicTime(nanoseconds: shown.nanoseconds + Int64(8 * refresh))
            }
            switch recording.light(dark: leadIn.softwareTime...firstFlash.softwareTime, lit: lit) {
            case .success(let light):
                return (light.edges, nil, "line-in: threshold \(Int(light.threshold.falling)) to \(Int(light.threshold.rising)), "
                        + "\(recording.samples.count) samples in \(recording.blocks.count) blocks, \(light.flickerGaps) flicker gaps held over")
            case .failure(let problem):
                return ([], "the line-in sensor \(reader.name): \(problem)", nil)
            }
        }
    }

    /// Writes a new file whole and durably; one that exists is never opened.
    private static func writeOnce(_ text: String, to path: String) throws {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, RunFiles.dataFileMode)
        guard descriptor >= 0 else { throw ShellError("\(path): the timing certificate cannot be written: \(FileDescriptorIO.describe(errno: errno))") }
        defer { close(descriptor) }
        if let code = FileDescriptorIO.writeAll(Array(text.utf8), to: descriptor) ?? (fsync(descriptor) == 0 ? nil : errno) {
            throw ShellError("\(path): the timing certificate could not be written whole: \(FileDescriptorIO.describe(errno: code))")
        }
    }
}
