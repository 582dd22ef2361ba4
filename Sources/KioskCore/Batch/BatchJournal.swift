/// A batch's journal (`batch.txt` in its session folder, docs/plans.md: The batch journal):
/// one line per thing that happened, appended as it happens and never rewritten, so that
/// after a crash it says which blocks ended, which one was running and what staff decided.
/// It is what resume reads and what the session catalogue is rebuilt from.
///
/// Lines are `<word> <details>`; block numbers are 1-based places in the participant's order,
/// file paths are relative to the session folder. A last line without its newline (the
/// write a crash cut short) is left out.
public struct BatchJournal: Hashable, Sendable {
    /// The first line, naming the format.
    public static let firstLine = "labkiosk batch journal 1"

    public struct Block: Hashable, Sendable {
        /// The block's index in the plan's list of blocks (0-based).
        public var planIndex: Int
        public var title: String
        public var state: BlockState = .pending
        /// When it last began and ended, as `yyyy-MM-dd HH:mm:ss`.
        public var began: String?, ended: String?
        /// The files its completed run wrote.
        public var files: [String] = []
        /// Files of runs that were interrupted (kept, named, never reused).
        public var partialFiles: [String] = []
        /// Figures the block reported when it ended (`name=value`), for the catalogue.
        public var figures: [String: String] = [:]
        /// The files of its earlier complete runs, when it ran again to reach its criterion.
        public var earlierFiles: [String] = []
        /// How many complete runs came before the current one (docs/plans.md: Practice until a criterion).
        public var earlierRuns = 0
        /// What the display did wrong during the block's last run, each with its time
        /// (`display` lines: a late frame and the refreshes it missed).
        public var displayProblems: [String] = []
    }

    public enum BlockState: String, Hashable, Sendable {
        case pending, running, complete, skipped
    }

    /// A file's size and SHA-256 when it was finished, written in the journal (which is never
    /// rewritten) so that a catalogue rebuilt from it still knows what each file held.
    public struct Seal: Hashable, Sendable {
        public var bytes: Int64
        public var sha256: String

        public init(bytes: Int64, sha256: String) {
            self.bytes = bytes
            self.sha256 = sha256
        }
    }

    public var study = ""
    public var plan = ""
    public var participant = ""
    /// The plan's visit this session runs (docs/plans.md: Visits); nil for a plan without visits.
    public var visit: String?
    /// What simulated the participant (`labkiosk simulate`, docs/simulate.md): its model and
    /// seed; nil for a real participant's session.
    public var simulated: String?
    /// How counterbalanced groups were ordered, and the seeds used.
    public var orderDecisions: [String] = []
    public var blocks: [Block] = []
    /// When each run of the batch started (the first, then every resume).
    public var runs: [String] = []
    /// Every staff decision (skip, restart, stop), as written.
    public var staffDecisions: [String] = []
    /// When the batch completed (or ended early for good); nil while it has not.
    public var completed: String?
    /// Why the session ended before its last block, for good (the participant declined consent).
    public var declined: String?
    /// Each decision a block's criterion made: run again, or go on.
    public var criterionDecisions: [String] = []
    /// Each finished file's seal, by its path in the session folder.
    public var seals: [String: Seal] = [:]

    public init() {}

    public var isComplete: Bool { completed != nil }

    /// The figures every block reports about its run (its length, frames and files, and in a
    /// window its display's: the onset clock, late frames, missed refreshes, the display and the
    /// timing certificate held for it, docs/timing.md),
    /// beside the block's own (accuracy, d′, tracking, …), which are what staff read.
    public static let bookkeepingFigures: Set<String> = [
        "block seconds", "wall seconds", "frames", "files", "onset clock", "late frames", "missed refreshes", "unreported frames",
        "uncertain frames", ShownDisplayFigures.display, ShownDisplayFigures.certificate,
        BlockDisplaySummary.flagFigure,
    ]

    /// The first block not yet completed or skipped (0-based); nil when none is left.
    public var nextBlock: Int? {
        blocks.firstIndex { $0.state == .pending || $0.state == .running }
    }

    /// The block that was running when the batch last stopped, if one was.
    public var interruptedBlock: Int? {
        blocks.firstIndex { $0.state == .running }
    }

    /// Every file the journal names, completed and partial.
    public var allFiles: [String] {
        blocks.flatMap { $0.earlierFiles + $0.files + $0.partialFiles }
    }

    // MARK: - Writing

    /// A moment as the journal writes it: `2026-11-24 18:05:12`, local time.
    public static func time(_ date: LocalDateTime) -> String {
        RunFileNaming.folderName(for: date) + " " + ScenarioTimeFormat.clockText(Int64(date.hour * 3600 + date.minute * 60 + date.second))
    }

    /// The opening lines of a new journal.
    /// - Parameter simulated: what simulated the participant (docs/simulate.md); nil for a person.
    public static func openingLines(study: String, plan: String, participant: String, visit: String? = nil, simulated: String? = nil,
                                    orderDecisions: [String], blocks: [(planIndex: Int, title: String)]) -> String {
        var text = firstLine + "\n"
        text += "study \(oneLine(study))\nplan \(oneLine(plan))\nparticipant \(oneLine(participant))\n"
        if let simulated { text += "simulated \(oneLine(simulated))\n" }
        if let visit { text += "visit \(oneLine(visit))\n" }
        for decision in orderDecisions { text += "order \(oneLine(decision))\n" }
        for (place, block) in blocks.enumerated() {
            text += "block \(place + 1): plan block \(block.planIndex + 1), \(oneLine(block.title))\n"
        }
        return text
    }

    public static func started(at time: String, atBlock block: Int) -> String {
        "started \(time) at block \(block + 1)\n"
    }

    public static func began(_ block: Int, at time: String) -> String { "began \(block + 1) \(time)\n" }

    /// What the display did wrong while block `block` ran, as it happened: `display 2 12 missed
    /// refreshes 1396048-1396059 from 23266.535915 s, frame shown at 23266.736134 s (200.219 ms late)`.
    public static func display(_ block: Int, _ problem: String) -> String { "display \(block + 1) \(oneLine(problem))\n" }

    /// A block's end: its files and figures, then the line that marks it complete.

    public static func ended(_ block: Int, at time: String, files: [String], figures: [(String, String)]) -> String {
        var text = ""
        for file in files { text += "file \(block + 1) \(oneLine(file))\n" }
        for (name, value) in figures { text += "figure \(block + 1) \(oneLine(name))=\(oneLine(value))\n" }
        return text + "ended \(block + 1) \(time)\n"
    }

    /// The seals of finished files: `checksum BYTES SHA256 PATH`.
    public static func sealed(_ seals: [(file: String, seal: Seal)]) -> String {
        seals.map { "checksum \($0.seal.bytes) \($0.seal.sha256) \(oneLine($0.file))\n" }.joined()
    }

    /// The files an interrupted run of `block` left, found when the batch resumes.
    public static func interrupted(_ block: Int, at time: String, partialFiles: [String]) -> String {
        var text = "interrupted \(block + 1) \(time)\n"
        for file in partialFiles { text += "partial \(block + 1) \(oneLine(file))\n" }
        return text
    }

    /// Block `block` is skipped; `partialFiles` are what it wrote before staff skipped it.
    public static func skipped(_ block: Int, at time: String, by who: String, partialFiles: [String] = []) -> String {
        partialFiles.map { "partial \(block + 1) \(oneLine($0))\n" }.joined() + "skipped \(block + 1) \(time) by \(oneLine(who))\n"
    }

    /// Blocks from `block` on run again (a staff choice).
    public static func restart(from block: Int, at time: String, by who: String) -> String {
        "restart \(block + 1) \(time) by \(oneLine(who))\n"
    }

    /// The batch stopped before its end and can resume.
    public static func stopped(at time: String, reason: String) -> String {
        "stopped \(time): \(oneLine(reason))\n"
    }

    public static func complete(at time: String) -> String { "complete \(time)\n" }

    /// The session ends here for good, with no further block: `reason` says why ("the
    /// participant declined consent").
    public static func declined(at time: String, reason: String) -> String {
        "declined \(time): \(oneLine(reason))\n"
    }

    /// Block `block` runs again: its criterion was not met (`reason` says by what figure).
    public static func repeated(_ block: Int, at time: String, reason: String) -> String {
        "repeat \(block + 1) \(time): \(oneLine(reason))\n"
    }

    /// Block `block`'s criterion let the batch go on: met, or the block ran as often as the plan allows.
    public static func criterion(_ block: Int, at time: String, decision: String) -> String {
        "criterion \(block + 1) \(time): \(oneLine(decision))\n"
    }

    /// Staff confirmed starting the visit outside its window (or before the first visit fixed it).
    public static func outsideWindow(at time: String, by who: String, visit: String, due: String) -> String {
        "confirmed \(time) by \(oneLine(who)): visit \(oneLine(visit)) started outside its window (\(oneLine(due)))\n"
    }

    /// Staff confirmed running a completed study (or visit) once more, after the session in `journal`.
    public static func confirmedAgain(at time: String, by who: String, after journal: String?) -> String {
        "confirmed \(time) by \(oneLine(who)): run once more" + (journal.map { " after the session in \(oneLine($0))" } ?? "") + "\n"
    }

    /// Line breaks would split a record in two.
    private static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }

    // MARK: - Reading

    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Reads a journal; a line it cannot read is a problem naming its line.
    public static func read(_ text: String) -> Result<BatchJournal, Problem> {
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The last element is what follows the last newline: empty, or a line cut short.
        lines.removeLast()
        guard lines.first == firstLine else {
            return .failure(Problem(line: 1, message: "expected \"\(firstLine)\""))
        }
        var journal = BatchJournal()
        for (offset, line) in lines.enumerated().dropFirst() {
            do {
                try journal.apply(line)
            } catch let problem as Problem {
                return .failure(Problem(line: offset + 1, message: problem.message))
            } catch {
                return .failure(Problem(line: offset + 1, message: "\(error)"))
            }
        }
        return .success(journal)
    }

    private mutating func apply(_ line: String) throws {
        let (word, rest) = Self.splitWord(line)
        switch word {
        case "study": study = rest
        case "plan": plan = rest
        case "participant": participant = rest
        case "visit": visit = rest
        case "simulated": simulated = rest
        case "confirmed": staffDecisions.append(line)
        case "order": orderDecisions.append(rest)
        case "block":
            guard let colon = rest.firstIndex(of: ":"), Int(rest[..<colon]) == blocks.count + 1 else {
                throw Problem(line: 0, message: "expected \"block \(blocks.count + 1): plan block N, TITLE\"")
            }
            let description = rest[rest.index(after: colon)...].drop { $0 == " " }
            guard description.hasPrefix("plan block "), let comma = description.firstIndex(of: ","),
                  let index = Int(description[description.index(description.startIndex, offsetBy: 11)..<comma]), index >= 1
            else { throw Problem(line: 0, message: "expected \"plan block N, TITLE\" after \"block \(blocks.count + 1):\"") }
            blocks.append(Block(planIndex: index - 1, title: String(description[description.index(after: comma)...].drop { $0 == " " })))
        case "started":
            runs.append(rest.firstRange(of: " at block ").map { String(rest[..<$0.lowerBound]) } ?? rest)
        case "began":
            let (block, time) = try blockAndRest(rest)
            blocks[block].state = .running
            blocks[block].began = time
            blocks[block].ended = nil
            blocks[block].files = []
            blocks[block].figures = [:]
            blocks[block].displayProblems = []
        case "display":
            let (block, problem) = try blockAndRest(rest)
            blocks[block].displayProblems.append(problem)
        case "file":
            let (block, path) = try blockAndRest(rest)
            blocks[block].files.append(path)
        case "figure":
            let (block, figure) = try blockAndRest(rest)
            guard let equals = figure.firstIndex(of: "=") else { throw Problem(line: 0, message: "expected NAME=VALUE after the block number") }
            blocks[block].figures[String(figure[..<equals])] = String(figure[figure.index(after: equals)...])
        case "ended":
            let (block, time) = try blockAndRest(rest)
            blocks[block].state = .complete
            blocks[block].ended = time
        case "interrupted":
            let (block, _) = try blockAndRest(rest)
            blocks[block].state = .pending
            // Files noted before the interruption belonged to the run that did not finish.
            blocks[block].partialFiles += blocks[block].files
            blocks[block].files = []
        case "partial":
            let (block, path) = try blockAndRest(rest)
            if !blocks[block].partialFiles.contains(path) { blocks[block].partialFiles.append(path) }
        case "skipped":
            let (block, _) = try blockAndRest(rest)
            blocks[block].state = .skipped
            staffDecisions.append(line)
        case "restart":
            let (block, _) = try blockAndRest(rest)
            for later in block..<blocks.count where blocks[later].state != .pending || blocks[later].earlierRuns > 0 {
                blocks[later].partialFiles += blocks[later].earlierFiles + blocks[later].files
                blocks[later].files = []
                blocks[later].earlierFiles = []
                blocks[later].earlierRuns = 0
                blocks[later].state = .pending
            }
            staffDecisions.append(line)
        case "stopped":
            staffDecisions.append(line)
        case "checksum":
            let parts = rest.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let bytes = Int64(parts[0]), bytes >= 0, parts[1].utf8.count == 64,
                  parts[1].utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }), !parts[2].isEmpty else {
                throw Problem(line: 0, message: "expected \"checksum BYTES SHA256 PATH\" (64 lowercase hexadecimal digits)")
            }
            seals[String(parts[2])] = Seal(bytes: bytes, sha256: String(parts[1]))
        case "repeat":
            let (block, _) = try blockAndRest(rest)
            guard blocks[block].state == .complete else { throw Problem(line: 0, message: "a block repeats after it ended") }
            blocks[block].earlierFiles += blocks[block].files
            blocks[block].files = []
            blocks[block].figures = [:]
            blocks[block].earlierRuns += 1
            blocks[block].state = .pending
            criterionDecisions.append(line)
        case "criterion":
            _ = try blockAndRest(rest)
            criterionDecisions.append(line)
        case "declined":
            guard let colon = rest.firstRange(of: ": ") else { throw Problem(line: 0, message: "expected \"declined TIME: REASON\"") }
            completed = String(rest[..<colon.lowerBound])
            declined = String(rest[colon.upperBound...])
        case "complete":
            completed = rest
        default:
            throw Problem(line: 0, message: "\"\(word)\" is not a journal entry")
        }
    }

    /// A block number (checked against the block list) and what follows it.
    private func blockAndRest(_ text: String) throws -> (Int, String) {
        let (number, rest) = Self.splitWord(text)
        guard let place = Int(number), place >= 1, place <= blocks.count else {
            throw Problem(line: 0, message: "expected a block number from 1 to \(blocks.count), found \"\(number)\"")
        }
        return (place - 1, rest)
    }

    private static func splitWord(_ line: String) -> (String, String) {
        guard let space = line.firstIndex(of: " ") else { return (line, "") }
        return (String(line[..<space]), String(line[line.index(after: space)...]))
    }
}
