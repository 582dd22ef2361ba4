import KioskCore

/// A drawing-pad block's host: per trial, a journal written as the trial runs and synced
/// after every stroke, then the final files composed and put in place when it ends.
public final class PadBlockHost: BlockHost {
    public let pad: PadBlock
    public var block: any Block { pad }
    /// Every image the configuration names, by the path it gives, resolved to a file.
    public let images: [String: String]
    public private(set) var notes: [String] = []

    private let dataDirectory: String
    /// Lines for each trial's samples-file header: the pad, the devices.
    private let information: [String]
    private var experimentStart: LocalDateTime?
    private var trial: (stem: String, journal: AppendOnlyFile)?
    private var mainFiles: [String] = []

    public init(pad: PadBlock, images: [String: String], dataDirectory: String, information: [String]) {
        self.pad = pad
        self.images = images
        self.dataDirectory = dataDirectory
        var information = information
        if let mask = pad.configuration.inputMask, let path = images[mask] {
            information.append(PadInkPicture.maskInformation(path: path, x: pad.layout.imageOffsetX, y: pad.layout.imageOffsetY))
        }
        self.information = information
    }

    public func begin(at time: MonotonicTime) {
        pad.begin(at: time)
    }

    public func endFrame(at time: MonotonicTime) throws {
        for output in pad.takeOutputs() { try handle(output) }
        trial?.journal.flush()
        if let error = trial?.journal.lastError { throw ShellError.invalidArgument("drawing-pad journal: \(error)") }
    }

    public func finish() throws -> BlockRecord {
        for output in pad.takeOutputs() { try handle(output) }
        if trial != nil { try closeTrial() }
        return BlockRecord(sessionNumber: 0, dataFiles: mainFiles)
    }

    private func handle(_ output: PadOutput) throws {
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
            trial = (opened.stem, opened.journal)
        case .record(let record):
            guard let trial else { return }
            trial.journal.append(Array(PadJournal.line(record).utf8))
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
        try trial.journal.close()
        let written = try PadTrialStorage.complete(journal: trial.journal.path)
        if let main = written.first(where: { $0.hasSuffix(".txt") && !$0.hasSuffix("_strokes.txt") && !$0.hasSuffix("_keys.txt") }) {
            mainFiles.append(main)
            print("labkiosk: trial saved: \(main)")
        }
    }
}
