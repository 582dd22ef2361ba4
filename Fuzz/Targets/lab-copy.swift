import KioskCore

// The lab's copy of the roster (DATA/lab-copy.txt) as the desk and `batch` read it beside the
// kiosk's own roster, merged with it, then written back as the next send writes it, which
// must read again; the first participant's visits counted into a schedule as the desk counts them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard case .success(let copy) = LabCopy.read(FuzzInput(data, size).text) else { return 0 }
    let merged = RosterMerge.merged([copy.entries, Array(copy.entries.reversed())])
    guard case .success = LabCopy.read(LabCopy(pulled: copy.pulled, entries: merged, visits: copy.visits).text) else {
        fatalError("the copy as written does not read again")
    }
    guard let first = copy.visits.first else { return 0 }
    let sessions = copy.visitSessions(participant: first.participant, study: first.study)
    let visits = Set(sessions.prefix(50).map(\.visit)).sorted().enumerated().map { PlanVisit(name: $0.element, day: $0.offset * 7, windowDays: 1) }
    consume(VisitSchedule(visits: visits, sessions: sessions, today: CalendarDate(year: 2026, month: 11, day: 27)!).statuses.map(\.text))
    return 0
}
