import KioskCore

// OpenMATB's config.ini and labkiosk's keys in it (`--settings`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    consume(SettingsReader.read(FuzzInput(data, size).text, file: "config.ini"))
    return 0
}
