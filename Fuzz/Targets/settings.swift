import KioskCore

// OpenMATB's config.ini and labkiosk's keys in it (`--settings`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (settings, warnings) = SettingsReader.read(FuzzInput(data, size).text, file: "config.ini")
    // A speed outside the range is what no run can keep (a windowed block's clock would overflow).
    if let speed = settings.clockSpeed { precondition(BlockSpeed.range.contains(speed), "clock_speed \(speed) passed the reader") }
    consume((settings, warnings))
    return 0
}
