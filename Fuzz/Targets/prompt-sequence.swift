import KioskCore

// A prompt sequence as `labkiosk check` and `labkiosk prompts` read it, then the trial order
// the block draws from it at its start.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard case .success(let sequence) = PromptSequenceReader.read(FuzzInput(data, size).text, file: "fuzz.toml") else { return 0 }
    consume(sequence.trialOrder.trialIndices(count: sequence.trials.count, passes: sequence.passes, seed: 7))
    return 0
}
