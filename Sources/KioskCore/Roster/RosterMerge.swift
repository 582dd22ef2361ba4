/// One roster from several (docs/lab.md: One roster for the lab): each kiosk keeps its own,
/// and a participant may be registered on two kiosks that could not reach the lab at the time.
/// The earliest registration stands, with the order and notes it recorded, as a second
/// registration on one kiosk would find the first; the earliest withdrawal anywhere counts.
public enum RosterMerge {
    /// Every participant of every roster once, oldest registration first.
    public static func merged(_ rosters: [[RosterEntry]]) -> [RosterEntry] {
        var standing: [String: RosterEntry] = [:], keys: [String] = []
        for entry in rosters.joined() {
            let key = entry.study + "\t" + entry.participant
            guard var merged = standing[key] else {
                standing[key] = entry
                keys.append(key)
                continue
            }
            let withdrawal = [merged.withdrawal, entry.withdrawal].compactMap { $0 }.min { $0.time < $1.time }
            if entry.registered < merged.registered { merged = entry }
            merged.withdrawal = withdrawal
            standing[key] = merged
        }
        return keys.compactMap { standing[$0] }.enumerated().sorted {
            ($0.element.registered, $0.offset) < ($1.element.registered, $1.offset)
        }.map(\.element)
    }
}
