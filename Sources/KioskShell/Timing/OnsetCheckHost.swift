import Glibc
import KioskCore
import KioskData

/// Runs a block with the corner patch that checks every logged onset against the light
/// (``OnsetPatchedBlock``): the block's own host does everything else; this one reads the
/// sensor every frame, keeps each frame that first showed onsets with the presentation the
/// block stamped them with, and at the end pairs them with the light (``OnsetLightPairing``)
/// and writes `…_onsets.tsv` beside the block's main file (docs/timing.md).
public final class OnsetCheckHost: BlockHost {
    private let inner: any BlockHost
    private let patched: OnsetPatchedBlock
    private let sensor: LightSensorReader
    private var frames: [OnsetFrame] = []
    /// Frames sent whose presentation the display has not reported yet; nil for one without onsets.
    private var unpresented: [Int?] = []
    public var block: any Block { patched }
    public let notes: [String]

    /// Refuses a patch off the screen and a display that reports no presentation before the block starts.
    public init(_ inner: any BlockHost, checking: any OnsetReporting, corner: OnsetPatchCorner, size: Int, sensor: LightSensorReader,
                context: RunContext) throws {
        let patch = corner.patch(size: size, on: checking.canvas)
        if let problem = patch.problem(on: checking.canvas) { throw ShellError("timing_patch: \(problem); nothing was started") }
        guard context.onsetClock == .displayPresented else {
            throw ShellError("timing_patch: the display reports no presentation (onset clock: \(context.onsetClock.logName)), so there is no "
                + "logged onset to check against the light; run the plan in a window on an X server with the Present extension or a "
                + "Wayland compositor with presentation-time (docs/timing.md); nothing was started")
        }
        self.inner = inner
        patched = OnsetPatchedBlock(checking, patch: patch)
        self.sensor = sensor
        notes = inner.notes + ["timing patch: \(corner.rawValue), \(size) px, light sensor \(sensor.name): every logged onset checked against the light"]
    }

    public func collectInputs(into inputs: inout [InputEvent]) {
        inner.collectInputs(into: &inputs)
        sensor.poll()
    }

    public func begin(at time: MonotonicTime) { inner.begin(at: time) }

    public func endFrame(at time: MonotonicTime) throws {
        try inner.endFrame(at: time)
        let onsets = patched.takeFrameOnsets()
        if onsets.isEmpty {
            unpresented.append(nil)
        } else {
            frames.append(OnsetFrame(onsets: onsets, frameStart: time, presented: nil, patchLit: patched.isLit))
            unpresented.append(frames.count - 1)
        }
    }

    public func framePresented(_ presentation: PresentationRecord) throws {
        try inner.framePresented(presentation)
        guard !unpresented.isEmpty else { return }
        if let index = unpresented.removeFirst() {
            frames[index].presented = presentation.presentedTime
            frames[index].earliestPossible = presentation.earliestPossibleTime
        }
    }

    public func finish() throws -> BlockRecord {
        var record = try inner.finish()
        sensor.poll()
        let rows = OnsetLightPairing.pair(frames: frames, edges: sensor.edges)
        let summary = OnsetCheckSummary(frames: frames, rows: rows, edges: sensor.edges)
        let problems = (sensor.failure.map { [$0] } ?? []) + summary.problems(sensor: sensor.name)
        for line in summary.lines + problems.map({ "problem: \($0)" }) { print("labkiosk: timing patch: \(line)") }
        record.figures += [("onsets checked", String(summary.onsets)), ("onsets seen", String(summary.seen))]
            + (summary.overall.map { [("onset - light mean ms", TabSeparated.decimal($0.mean, places: 3)),
                                      ("onset - light p99 ms", TabSeparated.decimal($0.p99Absolute, places: 3))] } ?? [])
            + [("onset check", problems.isEmpty ? "valid" : "not valid: " + problems.joined(separator: "; "))]
        // A block that wrote no file (a pad left before its first trial) has no place for the table.
        guard let main = record.dataFiles.first else { return record }
        let path = Self.sidePath(main)
        let descriptor = open(path, O_CREAT | O_EXCL | O_APPEND | O_WRONLY | O_CLOEXEC, RunFiles.dataFileMode)
        guard descriptor >= 0 else { throw ShellError("timing patch: cannot create \(path): \(FileDescriptorIO.describe(errno: errno))") }
        let table = AppendOnlyFile(descriptor: descriptor, path: path)
        table.append(Array((TabSeparated.line(OnsetCheckRow.columns) + rows.map(\.line).joined()).utf8))
        do { try table.close() } catch { throw ShellError("timing patch: \(error)") }
        record.dataFiles.append(path)
        return record
    }

    /// How the side file's name ends.
    public static let suffix = "_onsets.tsv"

    /// `3_261129_041500_judge.tsv` → `3_261129_041500_judge_onsets.tsv`.
    static func sidePath(_ main: String) -> String {
        let slash = main.lastIndex(of: "/").map { main.index(after: $0) } ?? main.startIndex
        let stem = main[slash...].firstIndex(of: ".").map { String(main[..<$0]) } ?? main
        return stem + suffix
    }
}
