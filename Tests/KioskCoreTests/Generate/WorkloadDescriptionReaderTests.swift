import Testing
@testable import KioskCore

@Suite struct WorkloadDescriptionReaderTests {
    private func problems(_ text: String, defaultName: String = "w") -> [String] {
        guard case .failure(let errors) = WorkloadDescriptionReader.read(text, file: "w.toml", defaultName: defaultName) else { return [] }
        return errors.diagnostics.map { "\($0.line):\($0.column): \($0.message)" }
    }

    @Test func aDescriptionIsReadWithItsDefaults() throws {
        let description = try WorkloadDescriptionReader.read("""
            [[block]]
            title = "low"
            seconds = 60
            track = 0.25
            resman = 1
            """, file: "w.toml", defaultName: "levels").get()
        #expect(description.name == "levels" && description.seed == 1 && description.order == .fixed)
        #expect(description.refractorySeconds == 1 && description.ownShare == 0.5 && description.promptSeconds == 13)
        #expect(description.blocks == [.init(title: "low", seconds: 60, difficulties: [.track: 0.25, .resman: 1])])
    }

    /// Every problem at once, in the file's order whatever table it was found in.
    @Test func everyProblemIsFoundAtOnceAtItsPlace() {
        #expect(problems("""
            name = "../etc"
            seed = -1
            own_share = 1.5
            colour = "red"
            order = "random"
            [[block]]
            seconds = 5
            sysmon = 2
            [[block]]
            track = 0.5
            comms = 0.5
            [[block]]
            seconds = 60
            [extra]
            """) == [
                "1:8: `name` names the scenario's files: letters, digits, `.`, `_` and `-`, at most 64, not starting with a dot (found `../etc`)",
                "2:8: `seed` is the seed of every draw, a whole number from 0 to 9007199254740992 (found `-1`)",
                "3:13: `own_share` is the share of prompts for the own callsign, a number from 0 to 1 (found `1.5`)",
                "4:1: unknown key `colour` at the top of a workload description; it takes `name`, `seed`, `refractory_seconds`, `own_share`, `prompt_seconds`, `alert_timeout_ms`, `order`",
                "5:9: `order` is how a plan orders the blocks: `fixed`, `latin-square`, `shuffle` (found `random`)",
                "7:11: `seconds` is the block's length, a whole number from 10 to 86400 (found `5`)",
                "8:10: `sysmon` is sysmon's difficulty, a number from 0 to 1 (found `2`)",
                "9:1: a [[block]] needs `seconds`, its length",
                "11:1: unknown key `comms` in a [[block]]; it takes `title`, `seconds`, `sysmon`, `track`, `communications`, `resman`",
                "12:1: a [[block]] runs at least one task: give a difficulty for `sysmon`, `track`, `communications`, `resman`",
                "14:1: unknown table `extra`; a workload description has its settings at the top and one [[block]] per block",
            ])
    }

    @Test func aFileWithoutBlocksOrWithABlockTooShortForAFailureIsRefused() {
        #expect(problems("seed = 1\n") == ["1:1: a workload description needs at least one [[block]], with its `seconds` and a difficulty for each task it runs"])
        #expect(problems("[[block]]\nseconds = 12\nsysmon = 0.5\n").isEmpty, "one 11 s failure fits")
        #expect(problems("alert_timeout_ms = 20000\n[[block]]\nseconds = 12\nsysmon = 0.5\n")
                == ["3:1: a block with system monitoring lasts at least 21 s, a failure's time to answer and the refractory time"])
        #expect(problems("[[block]]\nseconds = 60\ntrack = 0.5\n", defaultName: "my scenario")
                == ["1:1: the file's name `my scenario` cannot name the scenario's files; give a `name` (letters, digits, `.`, `_` and `-`)"])
    }

    @Test func checkTellsADescriptionFromAPlan() throws {
        func looks(_ text: String) throws -> Bool { WorkloadDescriptionReader.looksLikeDescription(try TOMLDocument.parse(text).get()) }
        #expect(try looks("seed = 1\n[[block]]\nseconds = 60\ntrack = 0.5\n"))
        #expect(try !looks("[study]\nname = \"s\"\n[[block]]\nkind = \"matb\"\nscenario = \"a.txt\"\n"))
        #expect(try !looks("[[block]]\nkind = \"matb\"\nscenario = \"a.txt\"\n"), "a plan missing its [study] is still a plan")
        #expect(try !looks("[[rule]]\nname = \"r\"\n"))
    }
}
