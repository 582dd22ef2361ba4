import KioskCore

// A study plan as `labkiosk check` and `labkiosk batch` read it (with the kinds of the shell's
// BlockKinds.all, which this target cannot link), then the block order it gives a participant.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let kinds: [PlanBlockKind] = [.matb, .pad, .judge, .prompts, .instructions, .questionnaire, .break]
    guard case .success(let plan) = PlanReader.read(FuzzInput(data, size).text, file: "plan.toml", kinds: kinds) else { return 0 }
    for participant in ["P07", "12", "anonymous"] {
        consume(try? PlanOrder.resolve(plan, participant: participant))
    }
    return 0
}
