import KioskCore

// The joystick calibration file `labkiosk devices` writes and every run reads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (calibration, warnings) = JoystickCalibration.read(FuzzInput(data, size).text, file: "calibration.ini")
    consume(calibration.text)
    consume(warnings)
    return 0
}
