import KioskCore

// A MATB session log as `verify`, `replay`, `compare`, `report` and `export` read it, then what
// each makes of its rows before any session runs again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let contents = try? SessionLogReader.read(FuzzInput(data, size).array, file: "fuzz.csv") else { return 0 }
    let rows = contents.rows
    consume(LoggedInputReader.inputs(in: rows))
    let header = SessionLogHeader(rows: rows)
    consume(MATBConfiguration(runNumber: 1, version: "fuzz").applying(logSettings: header.settings))
    consume(MATBBlockReport.sections(rows, title: "t", plotPrefix: "p"))
    consume(BIDSEvents.tsv(rows))
    consume(TidyPerformance.rows(rows, participant: "P", session: "1", run: 1))
    // Two halves of one log differ the way two logs of one scenario can.
    consume(SessionLogComparison(Array(rows.prefix(rows.count / 2)), Array(rows.dropFirst(rows.count / 2))))
    return 0
}
