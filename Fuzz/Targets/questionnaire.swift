import KioskCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (questionnaire, diagnostics) = Questionnaire.parse(FuzzInput(data, size).text, file: "fuzz.txt")
    consume(questionnaire)
    consume(diagnostics)
    return 0
}
