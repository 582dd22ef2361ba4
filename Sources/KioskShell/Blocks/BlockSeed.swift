import KioskCore

/// The seed a block's shuffle starts from: from its title, kind and the participant (and the
/// plan's visit, so each visit of a study has its own order, and the practice run, so a block
/// repeated to its criterion does not show the order it just showed), so the same participant
/// gets the same order of the same file on every run and machine; without a participant, a
/// new one each run. Either way the block logs it, and `--seed` gives it again.
public func blockSeed(title: String, kind: PlanBlockKind, participant: String?, visit: String? = nil, practiceRun: Int = 1) -> UInt64 {
    guard let participant else { return UInt64.random(in: 0...UInt64.max) }
    let study = (visit.map { title + "\u{1F}" + $0 } ?? title) + (practiceRun > 1 ? "\u{1F}run \(practiceRun)" : "")
    return PlanOrder.shuffleSeed(study: study, group: kind.name, participant: participant)
}
