import Testing
@testable import KioskCore

@Suite struct DeskConfigurationReaderTests {
    @Test func aDesksSettingsRead() throws {
        let text = "lab = \"Human Factors Lab\"\nplans = \"/opt/plans\"\ndata = \"/var/lib/labkiosk\"\npin_hash = \"$y$j9T$abc$def\"\n"
        let configuration = try DeskConfigurationReader.read(text, file: "desk.toml").get()
        #expect(configuration.lab == "Human Factors Lab" && configuration.plans == "/opt/plans" && configuration.pinHash == "$y$j9T$abc$def")
        #expect(configuration.settings == nil && configuration.labDatabase == nil)
        let lab = try DeskConfigurationReader.read(text + "lab_database = \"postgresql://kiosk3@lab.example/lab\"\n", file: "desk.toml").get()
        #expect(lab.labDatabase == "postgresql://kiosk3@lab.example/lab")
    }

    @Test func everyProblemIsNamedAndAPlainPINIsRefused() {
        let text = "lab = 3\npin_hash = \"2468\"\ncolour = \"red\"\n[desk]\n"
        guard case .failure(let errors) = DeskConfigurationReader.read(text, file: "desk.toml") else {
            Issue.record("read")
            return
        }
        let messages = errors.diagnostics.map { "\($0.line):\($0.column) \($0.message)" }
        #expect(messages.contains("1:1 `lab` is text in quotes"))
        #expect(messages.contains { $0.hasPrefix("2:1 `pin_hash` is a hash") })
        #expect(messages.contains { $0.hasPrefix("3:1 unknown key `colour`") })
        #expect(messages.contains { $0.hasPrefix("4:1 a desk's settings have no tables") })
        #expect(messages.contains("1:1 `plans` is missing") && messages.contains("1:1 `data` is missing"))
        #expect(!messages.contains { $0.contains("`pin_hash` is missing") }, "a plain PIN is not reported missing too")
    }

    /// A hash no PIN can match would start a desk nobody can unlock.
    @Test(arguments: ["$1$", "$y$j9T$$def", "$6$salt$hash", "$y$j9T$abc$def with space"])
    func aHashNoPINCanMatchIsRefused(_ hash: String) {
        let text = "plans = \"p\"\ndata = \"d\"\npin_hash = \"\(hash)\"\n"
        guard case .failure(let errors) = DeskConfigurationReader.read(text, file: "desk.toml") else {
            Issue.record("read \(hash)")
            return
        }
        #expect(errors.diagnostics.map(\.line) == [3])
    }

    @Test func aLabNameOverOneLineIsRefused() {
        let text = "lab = \"\(String(repeating: "L", count: 61))\"\nplans = \"p\"\ndata = \"d\"\npin_hash = \"$y$j9T$abc$def\"\n"
        guard case .failure(let errors) = DeskConfigurationReader.read(text, file: "desk.toml") else {
            Issue.record("read")
            return
        }
        #expect(errors.diagnostics.map(\.message) == ["`lab` is one line of at most 60 characters: it heads every page of the desk"])
    }

    @Test func aLabMayTurnTheUnlockChordOff() throws {
        let text = "plans = \"p\"\ndata = \"d\"\npin_hash = \"$y$j9T$abc$def\"\n"
        #expect(try DeskConfigurationReader.read(text, file: "desk.toml").get().unlockChord)
        #expect(try !DeskConfigurationReader.read(text + "unlock_chord = false\n", file: "desk.toml").get().unlockChord)
        guard case .failure(let errors) = DeskConfigurationReader.read(text + "unlock_chord = \"no\"\n", file: "desk.toml") else {
            Issue.record("read")
            return
        }
        #expect(errors.diagnostics.map(\.message) == ["`unlock_chord` is true or false"])
    }
}
