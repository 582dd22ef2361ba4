import KioskCore

// A plan's `timing` block file: the light sensor (a button input or the line-in), the patch, the
// flashes and a virtual human.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    if case .success(let file) = TimingFile.read(FuzzInput(data, size).text, file: "light.toml") {
        // What the reader lets through is what a run can carry out: flashes it can schedule, a
        // line-in placed rather than searched for, and a box that answers before the next flash.
        precondition(TimingFile.repeatsRange.contains(file.repeats), "repeats \(file.repeats) passed the reader")
        switch file.sensor {
        case .button(let device, _): precondition(!device.isEmpty, "an empty sensor passed the reader")
        case .lineIn(let device): precondition(device?.isEmpty != true && !file.findsPatch, "line-in \(file) passed the reader")
        }
        if let response = file.response {
            precondition((0...250).contains(response.delayMilliseconds) && !response.device.isEmpty, "response \(response) passed the reader")
        }
        consume(file)
    }
    return 0
}
