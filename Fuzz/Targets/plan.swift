import KioskCore

// A study plan as `labkiosk check` and `labkiosk batch` read it, then the block order it gives
// a participant.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard case .success(let plan) = PlanReader.read(FuzzInput(data, size).text, file: "plan.toml") else { return 0 }
    for participant in ["P07", "12", "anonymous"] {
        consume(try? PlanOrder.resolve(plan, participant: participant))
    }
    return 0
}
