import Dispatch
import KioskCore
import KioskData
import Synchronization

/// A drawing-pad block's host: per trial, a journal written as the trial runs and synced
/// after every stroke, then the final files composed and put in place when it ends.
///
/// In a window, a frame's lines wait until the frame is on screen, so that a line saying an
/// image went on or off carries the moment it did, not the moment the frame began. A trial's
/// files are composed on a background queue, so the end screen shows at once however many
/// strokes the trial holds; the block's end waits for them.
public final class PadBlockHost: BlockHost {
    public let pad: PadBlock
    public var block: any Block { pad }
    public private(set) var notes: [String] = []

    private let dataDirectory: String
    /// Lines for each trial's samples-file header: the pad, the devices.
    private let information: [String]
    private var experimentStart: LocalDateTime?
    private var trial: (stem: String, journal: AppendOnlyFile, lock: PadJournalLock)?
    private let composer = DispatchQueue(label: "labkiosk.pad-trial-files", qos: .utility)
    private let composed = ComposedTrials()
    /// Whether frames are shown, so lines wait for them.
    private let windowed: Bool
    /// This frame's output, in a window, until it is shown.
    private var unshown: [PadOutput] = []

    /// - Parameter images: every image the configuration names, by the path it gives, resolved to a file.
    public init(pad: PadBlock, images: [String: String], dataDirectory: String, information: [String], context: RunContext) {
        self.pad = pad
        windowed = !context.headless
        self.dataDirectory = dataDirectory
        var information = information
        if let mask = pad.configuration.inputMask, let path = images[mask] {
            information.append(PadInkPicture.maskInformation(path: path, x: pad.layout.imageOffsetX, y: pad.layout.imageOffsetY))
        }
        // The stimulus and drawing lines take the frame's presentation: the samples file names its clock.
        if !context.headless { information.append("onset clock: \(context.onsetClock.logName)") }
        self.information = information
    }

    public func begin(at time: MonotonicTime) {
        pad.begin(at: time)
    }

    public func endFrame(at time: MonotonicTime) throws {
        if let error = composed.firstError { throw error }
        if windowed {
            unshown += pad.takeOutputs()
        } else {
            try write(pad.takeOutputs(), shownAt: nil, earliestPossible: nil)
        }
    }

    public func framePresented(_ presentation: PresentationRecord) throws {
        let outputs = unshown
        unshown.removeAll(keepingCapacity: true)
        try write(outputs, shownAt: presentation.presentedTime, earliestPossible: presentation.earliestPossibleTime)
    }

    public func finish() throws -> BlockRecord {
        try write(unshown + pad.takeOutputs(), shownAt: nil, earliestPossible: nil)
        unshown = []
        if trial != nil { try closeTrial() }
        composer.sync {}
        if let error = composed.firstError { throw error }
        return BlockRecord(runNumber: 0, dataFiles: composed.files, figures: pad.summaryFigures)
    }

    /// - Parameters:
    ///   - shownAt: when the frame these came from went to the screen.
    ///   - earliestPossible: when that is uncertain, the earliest refresh that may have shown it.
    private func write(_ outputs: [PadOutput], shownAt: MonotonicTime?, earliestPossible: MonotonicTime?) throws {
        for output in outputs { try handle(output, shownAt: shownAt, earliestPossible: earliestPossible) }
        trial?.journal.flush()
        if let error = trial?.journal.lastError { throw ShellError.invalidArgument("drawing-pad journal: \(error)") }
    }

    private func handle(_ output: PadOutput, shownAt: MonotonicTime?, earliestPossible: MonotonicTime?) throws {
        switch output {
        case .experimentStarted:
            experimentStart = WallClock.localDateTime()
        case .trialOpened(let opening):
            let now = WallClock.localDateTime()
            let start = experimentStart ?? now
            let opened = try PadTrialStorage.openJournal(in: dataDirectory, participant: opening.participant,
                                                        trial: opening.trialNumber, experimentStart: start)
            let header = opening.header(experimentStart: start, trialStart: now)
            opened.journal.append(Array(PadJournal.opening(header: header, start: opening.start, information: information).utf8))
            opened.journal.syncInBackground()
            trial = (opened.stem, opened.journal, opened.lock)
        case .record(var record):
            guard let trial else { return }
            var uncertain: PadSampleRow?
            if case .event(var event) = record, event.isShownAtFrame, let shownAt {
                event.time = shownAt
                record = .event(event)
                uncertain = earliestPossible.map { PadSampleRow.uncertainOnset(of: event, earliestPossible: $0) }
            }
            trial.journal.append(Array(PadJournal.line(record).utf8))
            if let uncertain { trial.journal.append(Array(PadJournal.line(.sample(uncertain)).utf8)) }
            if case .stroke = record { trial.journal.syncInBackground() }
        case .trialEnded:
            try closeTrial()
        }
    }

    /// Closes the journal and turns it into the trial's files.
    private func closeTrial() throws {
        guard let trial else { return }
        self.trial = nil
        trial.journal.append(Array(PadJournal.closing(trialEnd: WallClock.localDateTime()).utf8))
        trial.journal.flush()
        // Closing waits for the disk (the last fsync): done on the composer, which is the
        // journal's only user from here on, so the end screen shows at once.
        nonisolated(unsafe) let (journal, lock) = (trial.journal, trial.lock)
        let (path, composed) = (trial.journal.path, composed)
        composer.async {
            do {
                try journal.close()
                let written = try PadTrialStorage.complete(journal: path, lock: lock)
                composed.add(written)
                if let main = written.first { print("labkiosk: trial saved: \(main)") }
            } catch {
                composed.fail("\(path): the trial's files could not be written (its journal stays for `labkiosk recover`): \(error)")
            }
        }
    }
}

/// What the background composer did, for the frame loop to read.
private final class ComposedTrials: Sendable {
    private let state = Mutex<(files: [String], error: ShellError?)>(([], nil))

    /// Every trial's files, each trial's main file first.
    var files: [String] { state.withLock { $0.files } }
    var firstError: ShellError? { state.withLock { $0.error } }

    func add(_ trialFiles: [String]) { state.withLock { $0.files += trialFiles } }
    func fail(_ message: String) { state.withLock { if $0.error == nil { $0.error = .invalidArgument(message) } } }
}
