import Dispatch
import Glibc
import KioskCore
import KioskData

/// Writes what a running batch does to its journal, keeps the session catalogue in step and
/// shows staff the progress line. Journal entries and catalogue updates go through one
/// background queue in order, so a block change never waits for a disk sync or a checksum.
/// Unchecked sendable: after `init`, its journal, catalogue and progress are touched only on
/// that queue.
public final class BatchRecorder: @unchecked Sendable {
    public let journal: BatchJournalFile
    private let catalogue: SessionCatalogue
    private let participant: String
    private let blockCount: Int
    private let queue = DispatchQueue(label: "labkiosk.batch-recorder")
    private let started = Int64(WallClock.now())
    private var progress: CatalogueSession.Progress?
    private var timer: DispatchSourceTimer?
    /// Whether standard output is a terminal, where the line is redrawn in place each second.
    private let redrawsInPlace = isatty(STDOUT_FILENO) == 1

    public init(journal: BatchJournalFile, catalogue: SessionCatalogue, participant: String, blockCount: Int) {
        self.journal = journal
        self.catalogue = catalogue
        self.participant = participant
        self.blockCount = blockCount
        if redrawsInPlace {
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + 1, repeating: 1)
            timer.setEventHandler { [weak self] in self?.drawProgress() }
            timer.resume()
            self.timer = timer
        }
    }

    /// Appends journal lines and re-indexes the session, in the background; first the seals of
    /// `sealing`, files the block has finished (paths in the session folder).
    public func record(_ text: String, sealing files: [String] = []) {
        queue.async { [self] in
            let entry = BatchJournal.sealed(BatchJournalFile.seals(of: files, in: journal.folder)) + text
            do { try journal.append(entry) } catch { report("\(error)") }
            do { try catalogue.index(journal: journal.path) } catch { report("catalogue: \(error)") }
        }
    }

    /// Block `block` (0-based) or the screen before it is up; `remaining` is the real seconds
    /// the blocks from it on are known to take (at the run's speed), and whether some of them
    /// have no known length.
    public func showProgress(at block: Int, title: String, remaining: (seconds: Double, selfPaced: Bool)) {
        let now = Int64(WallClock.now())
        let progress = CatalogueSession.Progress(place: block + 1, title: title, batchStarted: started, blockStarted: now,
                                                 expectedEnd: now + Int64(remaining.seconds.rounded()), selfPacedRemain: remaining.selfPaced)
        queue.async { [self] in
            self.progress = progress
            do { try catalogue.setProgress(journal: journal.path, progress) } catch { report("catalogue: \(error)") }
            if !redrawsInPlace { StandardStream.output.write(line(progress) + "\n") }
            drawProgress()
        }
    }

    /// Waits for every entry to be written, and ends the progress line.
    public func finish() {
        queue.sync {
            timer?.cancel()
            if redrawsInPlace && progress != nil { StandardStream.output.write("\n") }
        }
    }

    private func drawProgress() {
        guard redrawsInPlace, let progress else { return }
        StandardStream.output.write("\r\u{1B}[2K" + line(progress))
    }

    private func line(_ progress: CatalogueSession.Progress) -> String {
        BatchProgressLine.text(participant: participant, blockCount: blockCount, progress: progress, now: Int64(WallClock.now())) {
            WallClock.clockText($0, seconds: false)
        }
    }

    private func report(_ message: String) {
        StandardStream.error.write((redrawsInPlace ? "\r\u{1B}[2K" : "") + "labkiosk: \(message)\n")
    }
}
