import ArgumentParser
import Glibc
import KioskCore
import KioskData
import KioskLab

/// `labkiosk-lab send`: every session of a data folder to the lab database, again and again.
struct SendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send a data folder's sessions and files to the lab database; only what the lab lacks goes.",
        discussion: """
            Each session (its journal's rows, blocks, figures and every file it names, with size, \
            SHA-256 and bytes) goes in one transaction: it is in the lab whole or not at all. A file the \
            lab already has with the same SHA-256 is not sent again; one it has with other bytes is \
            refused and flagged (refused_file); the lab hashes every file's bytes itself. A session, block, \
            figure, registration or withdrawal the lab has otherwise is kept as it was first sent and \
            flagged (refused_row); a withdrawal is never taken away. A simulated participant's sessions \
            and registration go to the study's dry run, STUDY (simulated); one that would make a \
            participant both simulated and real in a study is refused and flagged (docs/lab.md: \
            Simulated participants). The kiosk's roster goes too, with \
            the visits of the studies in --plans; the lab's roster and the visits completed on other \
            kiosks of the studies the lab's administrator granted the kiosk (role grant) come back into \
            the data folder's lab-copy.txt, which the desk and batch read (docs/lab.md: One roster for \
            the lab). The data folder's sessions and roster are never \
            changed. Exit status: 0 when everything was sent; 1 when a file or row was refused or could not \
            be sent (each is named); 2 when the lab database cannot be reached or was lost mid-way (send \
            again later); 3 when the lab refused the kiosk's role or password (sending again will not help \
            until it is put right; the desk stops trying).
            """
    )

    @OptionGroup var database: DatabaseOption
    @OptionGroup var folder: DataFolderOption
    @OptionGroup var plans: PlansOption
    @OptionGroup var kiosk: KioskNameOption

    func run() throws {
        guard let data = folder.data else { throw ValidationError("--data: the data folder to send") }
        // Below the participant's session: on a kiosk, a send yields the CPU to it.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        let connection = try KioskExitStatus.connect(database)
        try KioskExitStatus.running(over: connection) { try send(over: connection, data: data) }
    }

    private func send(over connection: PostgresConnection, data: String) throws {
        let name = try prepareKiosk(connection, asked: kiosk.kiosk)
        var studies: [DeskStudy] = []
        if let plans = plans.plans {
            studies = PlansFolder(plans).studiesAsWritten()
            for study in studies where study.problem != nil {
                print("labkiosk-lab: \(study.planPath): its visits were not sent: \(study.problem ?? "")")
            }
        }
        let sender = LabSender(database: connection, kiosk: name, dataDirectory: data, studies: studies)
        let report = try sender.send()
        print("labkiosk-lab: \(name): \(report.sessions) sessions; \(report.filesSent) files sent, \(report.filesThere) already in the lab; "
            + "\(report.registrations) registrations; \(report.certificatesSent) timing certificates sent, \(report.certificatesThere) already in the lab")
        let copy = try sender.labCopy(pulled: BatchJournal.time(WallClock.localDateTime()))
        try LabCopyFile(dataDirectory: data).write(copy)
        for path in report.refused { print("labkiosk-lab: refused: \(path): the lab has other bytes under this name (flagged)") }
        for row in report.refusedRows { print("labkiosk-lab: refused: \(row): the lab keeps what was sent first (flagged)") }
        for line in report.keptApart { print("labkiosk-lab: refused: \(line) (kept apart, flagged)") }
        for line in report.unsendable + report.unreadable { print("labkiosk-lab: not sent: \(line)") }
        if !(report.refused.isEmpty && report.refusedRows.isEmpty && report.keptApart.isEmpty && report.unsendable.isEmpty && report.unreadable.isEmpty) {
            throw KioskExitStatus.refused
        }
    }
}
