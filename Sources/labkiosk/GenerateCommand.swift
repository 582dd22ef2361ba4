import ArgumentParser
import FoundationEssentials
import Glibc
import KioskCore
import KioskData
import KioskShell

/// `labkiosk generate`: an OpenMATB scenario, and if asked a study plan of its blocks, from a
/// workload description (docs/generate.md).
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write an OpenMATB scenario, and if asked a plan of its blocks, from a description of blocks and task difficulties.",
        discussion: """
            The description (TOML) gives blocks of a set length, each with a difficulty from 0 to 1 for the tasks it runs \
            (sysmon, track, communications, resman), and a seed; the difficulties become events as OpenMATB's generator \
            makes them (docs/generate.md). The same description and seed give the same file on every machine, and it \
            runs in OpenMATB 1.4.5 unmodified. Without a description, writes the bundled example \
            (Scenarios/generate/three-load-levels.toml). No file is written over another.
            """
    )

    @Argument(help: "The workload description (.toml).")
    var description: String?

    @Option(help: "The scenario file to write (default: NAME.txt in the current folder; with --plan, none unless given).")
    var out: String?

    @Option(help: "Also write a study plan running each block as a MATB block, with each block's scenario, in this new or empty folder.")
    var plan: String?

    @Option(help: "The seed of every draw, in place of the description's.")
    var seed: UInt64?

    func validate() throws {
        if let seed, seed > 1 << 53 { throw ValidationError("--seed is a whole number from 0 to 9007199254740992") }
    }

    func run() throws {
        let paths = try InstallPaths()
        let path = description ?? paths.scenarios.appendingPathComponent("generate/three-load-levels.toml").path
        let file = URL(fileURLWithPath: path)
        let text = try textOrExit(path)
        var workload = try loadedOrExit(WorkloadDescriptionReader.read(text, file: path, defaultName: file.deletingPathExtension().lastPathComponent),
                                        path: path, what: "description", outcome: "nothing was written")
        if let seed { workload.seed = seed }
        let source = file.lastPathComponent
        do {
            var written: [String] = []
            if plan == nil || out != nil {
                let scenario = out ?? workload.name + ".txt"
                try create(scenario, checked(ScenarioGenerator.scenario(workload, source: source), as: scenario))
                written.append("\(scenario): \(workload.blockCountText), \(workload.blocks.reduce(0) { $0 + $1.seconds }) s, seed \(workload.seed)")
            }
            if let plan {
                let folder = try OutputFolder(plan, inputs: [path])
                let names = workload.blocks.indices.map { ScenarioGenerator.blockFileName(workload, block: $0) }
                guard Set(names).count == names.count else {
                    printError("\(path): two blocks have the same title, so their scenario files would have one name; give each block its own `title`")
                    throw ExitCode(1)
                }
                for (index, name) in names.enumerated() {
                    try folder.create(name, Array(try checked(ScenarioGenerator.blockScenario(workload, block: index, source: source), as: name).utf8))
                }
                try folder.create("plan.toml", Array(ScenarioGenerator.plan(workload, scenarioFiles: names, source: source).utf8))
                try folder.finish()
                written.append("\(URL(fileURLWithPath: plan).appendingPathComponent("plan.toml").path): \(names.count) MATB blocks (\(names.joined(separator: ", ")))")
            }
            for line in written { print(line) }
        } catch let error as ShellError {
            printError("labkiosk: \(error)")
            throw ExitCode(1)
        }
    }

    /// The text, once OpenMATB's rules (as `labkiosk check` applies them) find nothing in it:
    /// anything they find is a fault of the generator, reported as such.
    private func checked(_ text: String, as name: String) throws -> String {
        // A description within its ranges can still ask for more lines than a scenario may hold:
        // that is the description's to change, and it says which values do.
        let bytes = text.utf8.count
        if bytes > ScenarioReader.maximumByteCount {
            printError("\(description ?? "the description"): \(name) would be " + String(cFormat: "%.1f MB", Double(bytes) / 1_048_576)
                + ", more than the " + String(cFormat: "%.0f MB", Double(ScenarioReader.maximumByteCount) / 1_048_576)
                + " a scenario may hold: make the blocks shorter (`seconds`), or their failures and prompts fewer (a lower difficulty, "
                + "or a longer `alert_timeout_ms`, `prompt_seconds` or `refractory_seconds`); nothing was written")
            throw ExitCode(1)
        }
        if case .failure(let errors) = ScenarioValidator(context: .noFiles).validate(Array(text.utf8), path: name) {
            for diagnostic in errors.diagnostics { printError(diagnostic.description) }
            printError("labkiosk: the generated \(name) breaks the rules above; this is a fault of labkiosk generate (nothing was written)")
            throw ExitCode(70)
        }
        return text
    }

    /// Writes a new file whole; one that exists is left as it is.
    private func create(_ path: String, _ text: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ShellError("\(path): cannot create (\(FileDescriptorIO.describe(errno: errno)))\(errno == EEXIST ? "; give another --out" : "")")
        }
        defer { _ = close(descriptor) }
        if let code = FileDescriptorIO.writeAll(Array(text.utf8), to: descriptor) {
            // The file is this run's own, just made: a part of it would be mistaken for a scenario.
            unlink(path)
            throw ShellError("\(path): cannot write (\(FileDescriptorIO.describe(errno: code))); nothing was written")
        }
    }
}
