import KioskCore

// The desk's settings (/etc/labkiosk/desk.toml) as `labkiosk desk` reads them before it opens
// its window.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    consume(DeskConfigurationReader.read(FuzzInput(data, size).text, file: "desk.toml"))
    return 0
}
