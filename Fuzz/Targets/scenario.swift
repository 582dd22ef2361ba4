import KioskCore

// A scenario file as `labkiosk matb` and `labkiosk check` read it: the bytes, then every rule
// of every plugin. Any file name exists, so the checks behind `filename` run too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput(data, size).array
    let validator = ScenarioValidator(
        catalog: .openMATB, context: ValidationContext(fileExists: { _, _ in true }), language: .en)
    consume(validator.validate(bytes, path: "fuzz.txt"))
    return 0
}
