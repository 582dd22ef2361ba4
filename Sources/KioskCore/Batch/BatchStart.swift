/// How `labkiosk batch PLAN --participant ID` starts, given the participant's earlier
/// sessions of the same study (docs/plans.md: Resuming): a new session, the resumption of an
/// interrupted one, or a refusal that says why.
public enum BatchStart: Hashable, Sendable {
    /// A new session.
    case new
    /// Go on with the latest session, which stopped before its end, from block `from`
    /// (0-based). `interrupted` is the block that was running, if one was; `staffChoice` is
    /// the skip or restart staff asked for, to be recorded in the journal.
    case resume(from: Int, interrupted: Int?, staffChoice: StaffChoice?)

    /// What staff asked for on the command line about an interrupted session.
    public enum StaffChoice: Hashable, Sendable {
        /// Skip the block the session stopped in.
        case skip(block: Int)
        /// Run again from this block (at most the one the session stopped in).
        case restart(from: Int)
    }

    public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// - Parameters:
    ///   - latest: the participant's most recent session of the study, if any.
    ///   - titles: the blocks the plan gives this participant now, in order.
    ///   - again: `--again`: a new session even after a completed one.
    ///   - restartBlock: `--restart-block N` (1-based).
    ///   - skipBlock: `--skip-block`.
    public static func decide(
        latest: BatchJournal?, titles: [String], again: Bool, restartBlock: Int?, skipBlock: Bool
    ) throws(Refusal) -> BatchStart {
        let staffFlag = skipBlock ? "--skip-block" : restartBlock != nil ? "--restart-block" : nil
        if skipBlock && restartBlock != nil { throw Refusal(description: "--skip-block and --restart-block cannot go together") }
        guard let latest else {
            if let staffFlag { throw Refusal(description: "\(staffFlag): this participant has no interrupted session of the study") }
            return .new
        }
        if again {
            if let staffFlag { throw Refusal(description: "\(staffFlag) applies to an interrupted session; --again starts a new one") }
            return .new
        }
        if latest.isComplete {
            throw Refusal(description: "participant \(latest.participant) already completed \(latest.study) (\(latest.completed ?? "")); "
                + "--again runs it once more in a new session folder")
        }
        let recorded = latest.blocks.map(\.title)
        if recorded != titles {
            let place = zip(recorded, titles).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(recorded.count, titles.count)
            let was = place < recorded.count ? recorded[place] : "nothing", now = place < titles.count ? titles[place] : "nothing"
            throw Refusal(description: "the plan has changed since this session began (block \(place + 1) was \(was), is now \(now)); "
                + "resume with the plan as it was, or start a new session with --again")
        }
        let stoppedAt = latest.nextBlock ?? latest.blocks.count
        let interrupted = latest.interruptedBlock
        if skipBlock {
            guard stoppedAt < latest.blocks.count else { throw Refusal(description: "--skip-block: no block is left to skip") }
            return .resume(from: stoppedAt + 1, interrupted: interrupted, staffChoice: .skip(block: stoppedAt))
        }
        if let restartBlock {
            guard restartBlock >= 1, restartBlock - 1 <= stoppedAt, restartBlock <= latest.blocks.count else {
                throw Refusal(description: "--restart-block \(restartBlock): the session stopped at block \(stoppedAt + 1) of "
                    + "\(latest.blocks.count); a restart goes back to block 1 to \(min(stoppedAt + 1, latest.blocks.count))")
            }
            return .resume(from: restartBlock - 1, interrupted: interrupted, staffChoice: .restart(from: restartBlock - 1))
        }
        return .resume(from: stoppedAt, interrupted: interrupted, staffChoice: nil)
    }
}
