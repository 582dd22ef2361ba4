import ArgumentParser
import Glibc

/// `labkiosk lab …`: the lab's commands, carried out by labkiosk-lab installed beside labkiosk
/// (docs/lab.md, docs/dashboard.md). The database clients and the web server live in that
/// program, so that the participant's session never loads them.
struct LabCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lab",
        abstract: "Serve the dashboard, send data to the lab database, write a study's report, manage staff accounts and roles (runs labkiosk-lab).",
        discussion: """
            `labkiosk lab serve --data DIR` serves one kiosk's dashboard; `labkiosk lab serve --database URL` the \
            lab's. `labkiosk lab help` lists labkiosk-lab's commands.
            """
    )

    @Argument(parsing: .captureForPassthrough, help: "labkiosk-lab's command and its options: serve, send, contact, report, staff, role, migrate, help.")
    var arguments: [String] = []

    func run() throws {
        try Self.become(arguments)
    }

    /// Replaces this process with labkiosk-lab given `arguments`; returns only by throwing.
    static func become(_ arguments: [String]) throws {
        let lab = (ownExecutablePath.lastIndex(of: "/").map { String(ownExecutablePath[...$0]) } ?? "") + "labkiosk-lab"
        guard access(lab, X_OK) == 0 else {
            throw ValidationError("\(lab) is not installed (it is built with `swift build --product labkiosk-lab`)")
        }
        let argv = ([lab] + arguments).map { strdup($0) } + [nil]
        execv(lab, argv)
        throw ValidationError("cannot run \(lab): \(String(cString: strerror(errno)))")
    }
}
