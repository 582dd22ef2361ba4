import ArgumentParser
import KioskLab

/// The exit statuses of what a kiosk runs against the lab (`send`, `contact`), which its desk
/// reads (docs/lab.md): whether to try again later, or to stop until someone acts.
enum KioskExitStatus {
    /// Something was refused or could not be sent; each is named.
    static let refused = ExitCode(1)
    /// The lab database cannot be reached, was lost mid-way, or is behind this build: the data
    /// folder is untouched, and a later try may get through.
    static let unreachable = ExitCode(2)
    /// The lab refused the kiosk's role or its password: no later try gets through until the
    /// kiosk's password (or the lab's role) is put right, so the desk stops trying.
    static let signInRefused = ExitCode(3)

    /// Connects as the kiosk, or says why not and exits with the status that says what to do.
    static func connect(_ database: DatabaseOption) throws -> PostgresConnection {
        do { return try database.connect() } catch let failure as LabDatabaseFailure where failure.signInRefused {
            print("labkiosk-lab: \(failure); the kiosk's role or password is not the lab's: trying again will not help "
                + "(docs/lab.md: Who may do what)")
            throw signInRefused
        } catch {
            print("labkiosk-lab: \(error)")
            throw unreachable
        }
    }

    /// Runs `body` over `connection`; a failure is said on a `labkiosk-lab:` line, and a
    /// connection lost mid-way exits as unreachable (each session is one transaction: none
    /// is half in the lab).
    static func running(over connection: PostgresConnection, _ body: () throws -> Void) throws {
        do { try body() } catch let exit as ExitCode { throw exit } catch {
            guard connection.isBroken else {
                print("labkiosk-lab: \(error)")
                throw refused
            }
            print("labkiosk-lab: lost the lab database: \(error); what was not sent is sent by the next send")
            throw unreachable
        }
    }
}
