import KioskCore
import KioskData

/// An image-judgement block's host: its log, `<N>_<yymmdd>_<HHMMSS>_judge.tsv`, with a row
/// per trial appended as each trial ends, and the summary beside it,
/// `…_judge-summary.tsv`, written when the block ends (docs/judge.md).
///
/// In a window it tells the block when each frame reached the screen, which stamps image
/// onsets; the log is synced at every break and at the end.
public final class JudgeBlockHost: BlockHost {
    public let judge: JudgeBlock
    public var block: any Block { judge }
    public let notes: [String]
    private let log: AppendOnlyFile
    private let summaryFile: AppendOnlyFile
    private let runNumber: Int
    private let information: [(name: String, value: String)]
    private let windowed: Bool
    private var wasWaiting = true

    public init(loaded: JudgeLoader.Loaded, run: RunOptions, seed: UInt64, canvas: Canvas, context: RunContext, version: String) throws {
        judge = JudgeBlock(configuration: loaded.configuration, trials: loaded.trials, practice: loaded.practice,
                           imageSizes: loaded.imageSizes.mapValues { ($0.width, $0.height) }, canvas: canvas, seed: seed)
        windowed = !context.headless
        let started = WallClock.localDateTime()
        let created: (number: Int, files: [AppendOnlyFile])
        do {
            created = try RunFiles.create(in: run.dataDirectory, date: started, suffixes: [JudgeLogFile.suffix, JudgeLogFile.summarySuffix],
                                              numbersUnder: run.runNumberRoot)
        } catch {
            throw ShellError("\(error)")
        }
        runNumber = created.number
        log = created.files[0]
        summaryFile = created.files[1]
        let digest = (try? FileChecksum.of(loaded.path).sha256) ?? "unreadable"
        let c = loaded.configuration
        information = [
            ("version", version), ("title", c.title), ("paradigm", c.paradigm.rawValue),
            ("configuration", "\(loaded.path) (sha256 \(digest))"), ("trials", loaded.trials.file),
        ] + (loaded.practice.map { [("practice", $0.file)] } ?? []) + [
            ("participant", run.participant ?? ""),
        ] + (run.simulated.map { [("simulated", $0)] } ?? []) + [
            ("order", c.order.rawValue), ("seed", String(seed)),
            ("condition", c.conditionColumn ?? "expected"), ("started", BatchJournal.time(started)),
        ] + (context.headless ? [] : [("onset clock", context.onsetClock.logName)])
        notes = ["judgement: \(loaded.trials.trials.count) trials\(loaded.practice.map { ", \($0.trials.count) practice" } ?? ""), \(c.order.rawValue) order (seed \(seed)), log \(log.path)"]
    }

    /// Opens the log with the block's description and the clock its onsets count from.
    public func begin(at time: MonotonicTime) {
        judge.begin(at: time)
        let clock = ("first frame", TabSeparated.decimal(time.seconds, places: 6) + " s on CLOCK_MONOTONIC (onset_s counts from it)")
        log.append(Array(JudgeLogFile.opening(information: information + [clock], extraColumns: judge.extraColumns).utf8))
        log.flush()
        log.syncInBackground()
    }

    public func endFrame(at time: MonotonicTime) throws {
        let rows = judge.takeOutputs()
        if !rows.isEmpty {
            log.append(Array(rows.map(\.line).joined().utf8))
            log.flush()
        }
        // A screen that waits (a break, the end) is where a crash would cost the most trials.
        let waiting = judge.isWaitingForParticipant
        if waiting && !wasWaiting { log.syncInBackground() }
        wasWaiting = waiting
        if let error = log.lastError { throw ShellError("judgement log: \(error)") }
    }

    public func framePresented(_ presentation: PresentationRecord) throws {
        judge.frameShown(at: presentation.presentedTime, earliestPossible: presentation.earliestPossibleTime)
    }

    public func finish() throws -> BlockRecord {
        try endFrame(at: MonotonicClock.now())
        summaryFile.append(Array(judge.summary.text.utf8))
        do {
            try log.close()
            try summaryFile.close()
        } catch {
            throw ShellError("judgement log: \(error)")
        }
        return BlockRecord(runNumber: runNumber, dataFiles: [log.path, summaryFile.path], figures: judge.summaryFigures)
    }
}
