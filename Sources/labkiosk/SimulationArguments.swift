import ArgumentParser
import Glibc
import KioskCore
import KioskData
import KioskShell

/// Options of the commands that run simulated participants (`simulate`, `batch --simulated`):
/// the behaviour model, whether simulated and real participants may share a data folder, and
/// whether the model's inputs are made through input devices in a window.
struct SimulationArguments: ParsableArguments {
    @Option(help: "The behaviour model (TOML, docs/simulate.md); default: the model's own defaults.")
    var model: String?

    @Flag(name: .customLong("mix-simulated"), help: "Let simulated and real participants share the data folder (refused otherwise).")
    var mixSimulated = false

    @Flag(name: .customLong("real-input"), help: "Run in real time in a window, the model's inputs made through input devices (a touchscreen, a joystick, X's keyboard) at the moment each is due, so the frame loop, input stamping and response times are those of a person's run; says the time errors at the end (docs/simulate.md). Needs a display, and X for keys.")
    var realInput = false

    /// With `--real-input`: says how each block's inputs come, or, when there is no display or
    /// a block the model acts in needs a device this display cannot give (keys without X),
    /// says why and starts nothing.
    func checkRealInput(_ plan: Plan, file: String, announce: Bool) throws {
        guard realInput else { return }
        func isSet(_ name: String) -> Bool { getenv(name).map { $0.pointee != 0 } ?? false }
        guard isSet("DISPLAY") || isSet("WAYLAND_DISPLAY") else {
            printError("labkiosk: --real-input runs the visits in a window, and there is no display (DISPLAY and WAYLAND_DISPLAY are unset); nothing was started")
            throw BatchCommand.refused
        }
        var refused = false
        for (index, block) in plan.blocks.enumerated() {
            let path = RealInputPath.of(block)
            if path.devices.contains(.keyboard), !isSet("DISPLAY") {
                printError("\(file):\(block.line): block \(index + 1) (\(block.title)): --real-input: its keys are made through X's XTEST "
                           + "extension, and there is no X display (DISPLAY is unset)")
                refused = true
            } else if announce {
                StandardStream.output.write("labkiosk: real input: block \(index + 1) (\(block.title)): \(path.description)\n")
            }
        }
        if refused {
            printError("labkiosk: --real-input: the plan has blocks whose inputs no simulated device here can make; nothing was started")
            throw BatchCommand.refused
        }
    }

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
