import ArgumentParser

/// The `labkiosk` command: MATB sessions and scenario checks.
@main
struct Labkiosk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "labkiosk",
        abstract: "Run OpenMATB-compatible experiments on Linux kiosks and workstations.",
        subcommands: []
    )
}
