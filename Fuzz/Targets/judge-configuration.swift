import KioskCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    consume(JudgeConfigurationReader.read(FuzzInput(data, size).text, file: "fuzz.toml"))
    return 0
}
