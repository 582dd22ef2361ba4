/// One roster from several (docs/lab.md: One roster for the lab): each kiosk keeps its own,
/// and a participant may be registered on two kiosks that could not reach the lab at the time.
/// The earliest registration stands, with the order and notes it recorded, as a second
/// registration on one kiosk would find the first; the earliest withdrawal anywhere counts.
public enum RosterMerge {
    /// Every participant of every roster once, oldest registration first.
    public static func merged(_ rosters: [[RosterEntry]]) -> [RosterEntry] {
        var places: [RosterLog.Held: Int] = [:]
        var merged: [RosterEntry] = []
        merged.reserveCapacity(rosters.first?.count ?? 0)
        for entry in rosters.joined() {
            let key = RosterLog.Held(participant: entry.participant, study: entry.study)
            guard let place = places[key] else {
                places[key] = merged.count
                merged.append(entry)
                continue
            }
            var kept = merged[place]
            let withdrawal = [kept.withdrawal, entry.withdrawal].compactMap { $0 }.min { $0.time < $1.time }
            if entry.registered < kept.registered { kept = entry }
            kept.withdrawal = withdrawal
            merged[place] = kept
        }
        return oldestFirst(merged)
    }

    /// Oldest registration first, equal times in their order; a roster appended to as people
    /// register is in that order already, and is returned as it is.
    public static func oldestFirst(_ entries: [RosterEntry]) -> [RosterEntry] {
        if zip(entries, entries.dropFirst()).allSatisfy({ $0.registered <= $1.registered }) { return entries }
        return entries.enumerated().sorted { ($0.element.registered, $0.offset) < ($1.element.registered, $1.offset) }.map(\.element)
    }
}
