import KioskCore

// A plan's `timing` block file: the light sensor, the patch, the flashes and a virtual human.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    if case .success(let file) = TimingFile.read(FuzzInput(data, size).text, file: "light.toml") {
        // What the reader lets through is what a run can carry out: flashes it can schedule, and a
        // box that answers before the next flash.
        precondition(TimingFile.repeatsRange.contains(file.repeats), "repeats \(file.repeats) passed the reader")
        precondition(!file.sensor.isEmpty, "an empty sensor passed the reader")
        if let response = file.response {
            precondition((0...250).contains(response.delayMilliseconds) && !response.device.isEmpty, "response \(response) passed the reader")
        }
        consume(file)
    }
    return 0
}
