import KioskCore

// The journal a pad trial keeps while it runs, as `recover` reads it after a crash and turns it
// into InteractLog's files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard case .success(let contents) = PadJournal.read(FuzzInput(data, size).text) else { return 0 }
    consume(PadTrialFiles.compose(contents))
    return 0
}
