import KioskCore

// A batch's journal as resuming, `sessions` and `report` read it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard case .success(let journal) = BatchJournal.read(FuzzInput(data, size).text) else { return 0 }
    consume(journal.nextBlock)
    consume(journal.interruptedBlock)
    consume(journal.allFiles)
    return 0
}
