import KioskCore

// Java InteractLog's .ini and labkiosk's own keys share one reader and one file form.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    consume(PadConfigurationReader.read(FuzzInput(data, size).text, file: "fuzz.ini"))
    return 0
}
