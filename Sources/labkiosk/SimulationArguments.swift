import ArgumentParser
import KioskCore
import KioskData

/// Options of the commands that run simulated participants (`simulate`, `batch --simulated`):
/// the behaviour model, and whether simulated and real participants may share a data folder.
struct SimulationArguments: ParsableArguments {
    @Option(help: "The behaviour model (TOML, docs/simulate.md); default: the model's own defaults.")
    var model: String?

    @Flag(name: .customLong("mix-simulated"), help: "Let simulated and real participants share the data folder (refused otherwise).")
    var mixSimulated = false

    /// The model, checked against `plan`; every problem printed and nothing run when it has any.
    func readModel(for plan: Plan) throws -> BehaviourModel {
        guard let model else { return BehaviourModel() }
        let read = FileDescriptorIO.readBlockFile(atPath: model).flatMap { BehaviourModelReader.read($0, file: model) }
        let problems: [ScenarioDiagnostic]
        switch read {
        case .success(let behaviour):
            problems = behaviour.problems(against: plan, file: model)
            if problems.isEmpty { return behaviour }
        case .failure(let errors): problems = errors.diagnostics
        }
        for problem in problems { printError(problem.description) }
        printError("\(model): the behaviour model has errors; nothing was started")
        throw BatchCommand.refused
    }

    /// What a journal's `simulated` line says of the model and the seed.
    func description(seed: UInt64) -> String {
        "model \(model ?? "(defaults)"), seed \(seed)"
    }
}
