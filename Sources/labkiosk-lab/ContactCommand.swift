import ArgumentParser
import KioskLab

/// `labkiosk-lab contact`: the kiosk's last contact with the lab is now; the desk runs it every
/// minute between sends, so the dashboard soon sees a kiosk that is gone.
struct ContactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contact",
        abstract: "Tell the lab database this kiosk is there (its last contact is now).",
        discussion: "Exit status: 0 when the lab heard; 2 when the lab database cannot be reached; 3 when it refused the kiosk's role or password.")

    @OptionGroup var database: DatabaseOption
    @OptionGroup var kiosk: KioskNameOption

    func run() throws {
        let connection = try KioskExitStatus.connect(database)
        try KioskExitStatus.running(over: connection) {
            try LabSender(database: connection, kiosk: try prepareKiosk(connection, asked: kiosk.kiosk), dataDirectory: "").contact()
        }
    }
}
