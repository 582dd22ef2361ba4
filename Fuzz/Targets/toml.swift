import KioskCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    consume(TOMLDocument.parse(FuzzInput(data, size).text))
    return 0
}
