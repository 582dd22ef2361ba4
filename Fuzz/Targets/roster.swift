import KioskCore

// The roster file (DATA/roster.txt) as `labkiosk roster`, `batch` and the desk read it, then
// the near-miss question the desk asks of each ID against the others.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard case .success(let entries) = RosterLog.read(FuzzInput(data, size).text) else { return 0 }
    let ids = entries.prefix(50).map(\.participant)
    for id in ids.prefix(10) {
        consume(ParticipantID.problem(id))
        consume(ParticipantID.nearMisses(of: id, in: ids))
    }
    return 0
}
