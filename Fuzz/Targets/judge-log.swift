import KioskCore

// A judgement log as `report` and `export` read it, then what they make of it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let log = try? JudgeLogFile.read(FuzzInput(data, size).text, file: "fuzz_judge.tsv") else { return 0 }
    consume(JudgeBlockReport.section(log, title: "t", plotPrefix: "p"))
    consume(JudgeBIDSEvents.tsv(log))
    consume(JudgeBIDSEvents.sidecar(log, version: "v"))
    return 0
}
