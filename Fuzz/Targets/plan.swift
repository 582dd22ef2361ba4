import KioskCore

// A study plan as `labkiosk check` and `labkiosk batch` read it, then the block order it gives
// a participant.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard case .success(let plan) = PlanReader.read(FuzzInput(data, size).text, file: "plan.toml", kinds: PlanBlockKind.all) else { return 0 }
    for participant in ["P07", "12", "anonymous"] {
        consume(try? PlanOrder.resolve(plan, participant: participant))
    }
    // A speed outside the range is what no run can keep (a windowed block's clock would overflow).
    for block in plan.blocks { if let speed = block.speed { precondition(BlockSpeed.range.contains(speed), "speed \(speed) passed the reader") } }
    // Each break runs as a batch runs it: begun, then past its end.
    for block in plan.blocks where block.kind == .break {
        let seconds = block.seconds ?? 0
        let pause = PauseBlock(canvas: Canvas(width: 800, height: 600), title: "Break", message: "",
                               minimumSeconds: block.selfPaced ? seconds : 0, endsAfterSeconds: block.selfPaced ? nil : seconds)
        pause.begin(at: MonotonicTime(nanoseconds: 0))
        pause.advance(to: MonotonicTime(nanoseconds: Int64(seconds * 1e9) + 1_000_000_000), inputs: [])
        consume(pause.drawList())
    }
    return 0
}
