import Testing
@testable import KioskCore

@Suite struct ScenarioGeneratorTests {
    /// OpenMATB's generator run as shipped: three 60 s blocks of the four tasks at 0.25, 0.55 and 0.85.
    static let threeLevels = """
        name = "three-load-levels"
        seed = 7
        [[block]]
        seconds = 60
        sysmon = 0.25
        track = 0.25
        communications = 0.25
        resman = 0.25
        [[block]]
        seconds = 60
        sysmon = 0.55
        track = 0.55
        communications = 0.55
        resman = 0.55
        [[block]]
        seconds = 60
        sysmon = 0.85
        track = 0.85
        communications = 0.85
        resman = 0.85
        """

    private func description(_ text: String) throws -> WorkloadDescription {
        try WorkloadDescriptionReader.read(text, file: "w.toml", defaultName: "w").get()
    }

    private func events(_ text: String) throws -> [(seconds: Int, fields: [String])] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: ";").map(String.init)
            return (Int(ScenarioTimeFormat.seconds(from: fields[0]) ?? -1), Array(fields.dropFirst()))
        }
    }

    @Test func openMATBsThreeLevelsGiveItsEventCountsAndParametersAndPassTheChecker() throws {
        let text = ScenarioGenerator.scenario(try description(Self.threeLevels), source: "three.toml")
        #expect(throws: Never.self) { try ScenarioValidator(context: .noFiles).validate(Array(text.utf8), path: "generated.txt").get() }
        let all = try events(text)
        func count(_ block: Int, _ match: (String) -> Bool) -> Int {
            all.filter { $0.seconds >= block * 60 && $0.seconds < block * 60 + 60 && match($0.fields.joined(separator: ";")) }.count
        }
        // int(difficulty / (11 s / 60 s)) failures of each series; int(difficulty / (14 s / 60 s)) prompts.
        #expect((0..<3).map { b in count(b) { $0.hasPrefix("sysmon;lights-") } } == [1, 3, 4])
        #expect((0..<3).map { b in count(b) { $0.hasPrefix("sysmon;scales-") } } == [1, 3, 4])
        #expect((0..<3).map { b in count(b) { $0.hasPrefix("communications;radioprompt") } } == [1, 2, 3])
        #expect(all.filter { $0.fields[1] == "targetproportion" }.map { $0.fields[2] } == ["0.75", "0.45", "0.15"])
        #expect(all.filter { $0.fields[1] == "tank-a-lossperminute" }.map { $0.fields[2] } == ["300", "660", "1020"])
        #expect(all.filter { $0.fields[1] == "tank-b-lossperminute" }.map { $0.fields[2] } == ["300", "660", "1020"])
        #expect(all.suffix(4).map { "\($0.seconds);" + $0.fields.joined(separator: ";") }
                == ["180;sysmon;stop", "180;track;stop", "180;communications;stop", "180;resman;stop"])
    }

    /// OpenMATB's `add_scenario_phase` computes in Python floats: at an exact multiple the
    /// quotient can fall just short of a whole number and truncate one lower.
    @Test func countsAtExactMultiplesTruncateAsOpenMATBsFloatsDo() throws {
        func counts(_ text: String) throws -> (lights: Int, scales: Int, prompts: Int) {
            let all = try events(ScenarioGenerator.scenario(try description(text), source: "edge.toml")).map { $0.fields.joined(separator: ";") }
            return (all.filter { $0.hasPrefix("sysmon;lights-") }.count, all.filter { $0.hasPrefix("sysmon;scales-") }.count,
                    all.filter { $0.hasPrefix("communications;radioprompt") }.count)
        }
        // 0.6 / (10 / 50) is 2.9999999999999996: OpenMATB writes 2 light and 2 scale failures.
        let eightSeconds = try counts("alert_timeout_ms = 8000\nrefractory_seconds = 2\n[[block]]\nseconds = 50\nsysmon = 0.6\n")
        #expect(eightSeconds.lights == 2 && eightSeconds.scales == 2)
        // The defaults: 0.6 / (11 / 55) and 0.6 / (14 / 70) are 2.9999999999999996 too.
        let failures = try counts("[[block]]\nseconds = 55\nsysmon = 0.6\n")
        #expect(failures.lights == 2 && failures.scales == 2)
        #expect(try counts("[[block]]\nseconds = 70\ncommunications = 0.6\n").prompts == 2)
        // The most a series holds is int(1 / (11 / 1023)) = 92, one fewer than 1023 / 11.
        let full = try counts("[[block]]\nseconds = 1023\nsysmon = 1\ncommunications = 1\n")
        #expect(full.lights == 92 && full.scales == 92)
        #expect(full.prompts == 73, "int(1023 / 14)")
        // A timeout of 10.5 s holds its series for 12 whole seconds: OpenMATB's 2 failures
        // (int(1 / (11.5 / 23))) do not fit in 23 s, one does.
        let halfSecond = try counts("alert_timeout_ms = 10500\n[[block]]\nseconds = 23\nsysmon = 1\n")
        #expect(halfSecond.lights == 1 && halfSecond.scales == 1)
        // Otherwise the count is OpenMATB's, from the timeout as it is: int(0.85 / (8.5 / 30)) = 3
        // failures of 9 whole seconds each, where 9 s in the ratio would give 2.
        let fractional = try counts("alert_timeout_ms = 7500\n[[block]]\nseconds = 30\nsysmon = 0.85\n")
        #expect(fractional.lights == 3 && fractional.scales == 3)
    }

    @Test func theSameDescriptionAndSeedGiveTheSameTextOnEveryMachine() throws {
        let short = """
            seed = 3
            [[block]]
            seconds = 40
            sysmon = 0.6
            communications = 0.5
            """
        let text = ScenarioGenerator.scenario(try description(short), source: "short.toml")
        #expect(text == ScenarioGenerator.scenario(try description(short), source: "short.toml"))
        #expect(text == """
            # Generated by labkiosk generate from short.toml (seed 3): w, 1 block. docs/generate.md
            # refractory 1 s, prompts 13 s, 0.5 of them own, alert timeout 10000 ms

            # Block 1: 0:00:00 to 0:00:40, sysmon 0.6, communications 0.5; mean difficulty 0.55
            0:00:00;sysmon;start
            0:00:00;communications;start
            0:00:06;sysmon;lights-2-failure;True
            0:00:12;sysmon;scales-4-failure;True
            0:00:23;sysmon;lights-1-failure;True
            0:00:24;communications;radioprompt;own
            0:00:28;sysmon;scales-2-failure;True
            0:00:40;sysmon;stop
            0:00:40;communications;stop

            """)
        let other = ScenarioGenerator.scenario(try description(short.replacingOccurrences(of: "seed = 3", with: "seed = 4")), source: "short.toml")
        #expect(other != text)
    }

    @Test func failuresAndPromptsNeverOverlapAndKeepTheirShare() throws {
        let full = try description("""
            seed = 11
            own_share = 0.25
            [[block]]
            seconds = 600
            sysmon = 1
            communications = 1
            """)
        for seed in UInt64(0)..<20 {
            var varied = full
            varied.seed = seed
            let all = try events(ScenarioGenerator.scenario(varied, source: "f.toml"))
            for (prefix, slot) in [("sysmon;lights-", 11), ("sysmon;scales-", 11), ("communications;radioprompt", 14)] {
                let onsets = all.filter { $0.fields.joined(separator: ";").hasPrefix(prefix) }.map(\.seconds)
                #expect(onsets.count == 600 / slot, "as many as fit")
                #expect(zip(onsets, onsets.dropFirst()).allSatisfy { $1 - $0 >= slot }, "\(prefix) at \(onsets)")
                #expect(onsets.allSatisfy { $0 >= 0 && $0 + slot <= 600 })
            }
            let prompts = all.filter { $0.fields.first == "communications" && $0.fields.count == 3 }.map { $0.fields[2] }
            #expect(prompts.filter { $0 == "own" }.count == 11, "a quarter of 42, rounded")
            let lights = all.filter { $0.fields.joined(separator: ";").hasPrefix("sysmon;lights-") }
            #expect(abs(lights.filter { $0.fields[1] == "lights-1-failure" }.count - lights.filter { $0.fields[1] == "lights-2-failure" }.count) <= 1)
        }
    }

    @Test func aTaskLeftOutOfABlockIsPausedAndHiddenThenShownAndResumed() throws {
        let text = ScenarioGenerator.scenario(try description("""
            alert_timeout_ms = 7500
            [[block]]
            seconds = 30
            track = 0.5
            [[block]]
            seconds = 30
            sysmon = 0.5
            [[block]]
            seconds = 30
            track = 0.2
            sysmon = 0
            """), source: "p.toml")
        #expect(throws: Never.self) { try ScenarioValidator(context: .noFiles).validate(Array(text.utf8), path: "p.txt").get() }
        let commands = try events(text).filter { !$0.fields[1].hasSuffix("-failure") }.map { "\($0.seconds);" + $0.fields.joined(separator: ";") }
        // Block 3 runs system monitoring on (at difficulty 0) and brings tracking back.
        #expect(commands == ["0;track;start", "0;track;targetproportion;0.5",
                             "30;track;pause", "30;track;hide", "30;sysmon;alerttimeout;7500", "30;sysmon;start",
                             "60;track;show", "60;track;resume", "60;track;targetproportion;0.8",
                             "90;sysmon;stop", "90;track;stop"])
    }

    @Test func aBlocksOwnScenarioHoldsItsEventsFromTheStart() throws {
        let levels = try description(Self.threeLevels)
        let whole = try events(ScenarioGenerator.scenario(levels, source: "three.toml"))
        let second = ScenarioGenerator.blockScenario(levels, block: 1, source: "three.toml")
        #expect(throws: Never.self) { try ScenarioValidator(context: .noFiles).validate(Array(second.utf8), path: "b.txt").get() }
        let alone = try events(second)
        func failures(_ list: [(seconds: Int, fields: [String])], from start: Int) -> [String] {
            list.filter { $0.seconds >= start && $0.seconds < start + 60 && ($0.fields[1].hasSuffix("-failure") || $0.fields[1] == "radioprompt") }
                .map { "\($0.seconds - start);" + $0.fields.joined(separator: ";") }
        }
        #expect(failures(alone, from: 0) == failures(whole, from: 60))
        #expect(alone.prefix(4).map { $0.fields.joined(separator: ";") } == ["sysmon;start", "track;start", "track;targetproportion;0.45", "communications;start"])
        #expect(ScenarioGenerator.blockFileName(levels, block: 1) == "three-load-levels-2.txt")
        let plan = ScenarioGenerator.plan(levels, scenarioFiles: ["a.txt", "b.txt"], source: "three.toml")
        #expect(plan.contains("[study]\nname = \"three-load-levels\"\n\n[[block]]\nkind = \"matb\"\nscenario = \"a.txt\"\n"))
        #expect(!plan.contains("counterbalance"))
    }

    @Test func decimalsAreWrittenAsAPersonWouldType() {
        #expect(ScenarioGenerator.decimal(1 - 0.85) == "0.15")
        #expect(ScenarioGenerator.decimal(0.5) == "0.5")
        #expect(ScenarioGenerator.decimal(1) == "1")
        #expect(ScenarioGenerator.decimal(0.0625) == "0.063")
    }
}
