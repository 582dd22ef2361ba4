import KioskCore

// A workload description as `labkiosk generate` reads it, then the scenario, each block's own
// scenario and the plan it writes: whatever the description, what is generated passes the
// checker OpenMATB's rules are applied with, or it is a fault of the generator.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard case .success(let description) = WorkloadDescriptionReader.read(FuzzInput(data, size).text, file: "w.toml", defaultName: "w") else { return 0 }
    // Long descriptions are valid but slow to check in full; the first blocks hold every case.
    var bounded = description
    bounded.blocks = Array(description.blocks.prefix(4)).map { block in
        var short = block
        short.seconds = min(block.seconds, 3_600)
        return short
    }
    let texts = [ScenarioGenerator.scenario(bounded, source: "w.toml")]
        + bounded.blocks.indices.map { ScenarioGenerator.blockScenario(bounded, block: $0, source: "w.toml") }
    for text in texts {
        if case .failure(let errors) = ScenarioValidator(context: .noFiles).validate(Array(text.utf8), path: "generated.txt") {
            preconditionFailure("generated scenario breaks the rules: \(errors)")
        }
    }
    consume(ScenarioGenerator.plan(bounded, scenarioFiles: bounded.blocks.indices.map { ScenarioGenerator.blockFileName(bounded, block: $0) }, source: "w.toml"))
    return 0
}
