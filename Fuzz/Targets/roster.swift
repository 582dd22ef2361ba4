import KioskCore

// The roster file (DATA/roster.txt) as `labkiosk roster`, `batch` and the desk read it, never
// failing whatever the bytes, with what an append would end a torn last line with; then the
// near-miss question the desk asks of each ID against the others.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput(data, size).text
    let entries = RosterLog.read(text).entries
    consume(RosterLog.ending(ofTornLine: String(text.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""), at: "2026-11-27 10:00:00"))
    let ids = entries.prefix(50).map(\.participant)
    for id in ids.prefix(10) {
        consume(ParticipantID.problem(id))
        consume(ParticipantID.nearMisses(of: id, in: ids))
    }
    return 0
}
