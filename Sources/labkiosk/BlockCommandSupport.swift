import ArgumentParser
import KioskCore
import KioskData
import KioskShell

/// A kind's files loaded, or their problems on standard error (each at its file, line and
/// column) and exit status 1: nothing starts on a bad file.
/// - Parameter outcome: what the last line says came of it (a command that writes files: `nothing was written`).
func loadedOrExit<Loaded>(_ result: Result<Loaded, ScenarioErrors>, path: String, what: String,
                          outcome: String = "nothing was started") throws -> Loaded {
    switch result {
    case .success(let loaded): return loaded
    case .failure(let errors):
        for diagnostic in errors.diagnostics { printError(diagnostic.description) }
        printError("\(path): the \(what) has errors; \(outcome)")
        throw ExitCode(1)
    }
}

/// A file a person wrote, as text, or why it cannot be read on standard error and exit status 1.
/// - Parameter what: the file's name for the message (`this settings file`).
func textOrExit(_ path: String, what: String = "this file") throws -> String {
    switch FileDescriptorIO.readText(atPath: path, limit: FileDescriptorIO.largestWrittenFile) {
    case .success(let text): return text
    case .failure(let refusal):
        printError("\(path): cannot read \(what): \(refusal.reason)")
        throw ExitCode(1)
    }
}

/// Runs one block on the shared loop and prints the data files it wrote, one per line.
func runBlockListingFiles(options: RunOptions, headless: Bool, images: [String: String], makeHost: (RunContext) throws -> any BlockHost) throws {
    do {
        let summary = try BlockRunner.run(options: options, headless: headless, images: images, makeHost: makeHost)
        for file in summary.block.dataFiles { print(file) }
    } catch {
        printError("labkiosk: \(error)")
        throw ExitCode(1)
    }
}
