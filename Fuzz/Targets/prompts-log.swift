import KioskCore

// A prompts log as `report` and `export` read it, then what they make of it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let log = try? PromptsLogFile.read(FuzzInput(data, size).text, file: "fuzz_prompts.tsv") else { return 0 }
    consume(PromptsBlockReport.section(log, title: "t", plotPrefix: "p"))
    consume(PromptsBIDSEvents.tsv(log))
    return 0
}
