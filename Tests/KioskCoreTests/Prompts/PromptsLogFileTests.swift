import Testing
@testable import KioskCore

@Suite struct PromptsLogFileTests {
    static let header = PromptsLogHeader(title: "Guided imagery", participant: "P01", seed: 12_345, trialOrder: .shuffle, trialsRun: [2, 1],
                                         sequenceFile: "studies/imagery.toml", labkioskVersion: "labkiosk 0.9.0")

    private func text(_ rows: [PromptsRow]) -> String {
        var bytes = PromptsLogFormat.opening(Self.header)
        PromptsLogFormat.append(rows, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theFileHasItsHeaderLinesColumnsAndRows() {
        let row = PromptsRow(event: .phaseStart, time: .milliseconds(1500), frame: ScenarioTime(nanoseconds: 1_516_000_400), trial: 2, trialIndex: 1,
                             phase: "close", marker: "close_lemon", code: 10, text: "Close\tyour eyes.", image: "img/lemon.png",
                             plannedSeconds: 5, variables: [.init(name: "word", value: "lemon"), .init(name: "note", value: "a;b\\c")])
        #expect(PromptsLogFormat.header.isEmpty)
        #expect(text([row]) == """
            # labkiosk prompts log
            # title: Guided imagery
            # participant: P01
            # seed: 12345
            # trial order: shuffle
            # trials run: 2 1
            # sequence: studies/imagery.toml
            # version: labkiosk 0.9.0
            time_s\tframe_s\tevent\ttrial\ttrial_index\tphase\tmarker\tcode\ttext\timage\tplanned_s\tvariables\tdetail\tframe_earliest_s
            1.500000\t1.516000\tphase_start\t2\t1\tclose\tclose_lemon\t10\tClose your eyes.\timg/lemon.png\t5.000000\tword=lemon;note=a\\;b\\\\c\t\t

            """)
    }

    @Test func aWindowedLogNamesItsOnsetClockAndReadsItBack() throws {
        var header = Self.header
        header.onsetClock = .displayPresented
        let text = String(decoding: PromptsLogFormat.opening(header), as: UTF8.self)
        #expect(text.contains("# version: labkiosk 0.9.0\n# onset clock: display-presented\ntime_s\t"))
        #expect(try PromptsLogFile.read(text, file: "x").header == header)
        // A clock this labkiosk does not know is not taken for one it does.
        let unknown = text.replacing("display-presented", with: "sundial")
        #expect(throws: PromptsLogFile.Failure.self) { try PromptsLogFile.read(unknown, file: "x") }
    }

    @Test func rowsComeBackFromTheFileAsTheyWere() throws {
        let rows = [
            PromptsRow(event: .preparation, time: .zero, frame: .zero, text: "Sit comfortably.", detail: "1 of 1"),
            PromptsRow(event: .continue, time: .milliseconds(4_321), frame: .milliseconds(4_321), detail: "key SPACE"),
            PromptsRow(event: .phaseStart, time: .milliseconds(4_321), frame: .microseconds(4_337_001), trial: 1, trialIndex: 2, phase: "close",
                       marker: "close_beach", code: 255, text: "Imagine a beach.", image: "img/beach.png", plannedSeconds: 2.5,
                       variables: [.init(name: "word", value: "beach"), .init(name: "odd", value: "x=1;y\\2")]),
            PromptsRow(event: .phaseEnd, time: .milliseconds(6_821), frame: .milliseconds(6_830), trial: 1, trialIndex: 2, phase: "close"),
            PromptsRow(event: .finished, time: .milliseconds(6_821), frame: .milliseconds(6_830), marker: "finished", detail: "completed"),
        ]
        let log = try PromptsLogFile.read(text(rows), file: "1_prompts.tsv")
        #expect(log.header == Self.header)
        #expect(log.rows == rows)
        #expect(!log.endsCutShort)
    }

    @Test func aFrameTheDisplayCouldNotPinToOneRefreshIsMarkedWithTheEarliest() throws {
        // The counter stepped during the copy: the phase's frame is the later refresh, 1.516000,
        // and may have been the one before it, 1.499333.
        let row = PromptsRow(event: .phaseStart, time: .milliseconds(1500), frame: .microseconds(1_516_000),
                             frameEarliest: .microseconds(1_499_333), phase: "close")
        #expect(row.line.hasPrefix("1.500000\t1.516000\tphase_start\t"))
        #expect(row.line.hasSuffix("\t1.499333"))
        #expect(try PromptsLogFile.read(text([row]), file: "x").rows == [row])
    }

    @Test func aLogWrittenBeforeFrameEarliestReadsAsBefore() throws {
        let row = PromptsRow(event: .pause, time: .seconds(3), frame: .seconds(3))
        let old = text([row]).replacing("\tdetail\tframe_earliest_s\n", with: "\tdetail\n").replacing("\t\t\n", with: "\t\n")
        #expect(!old.contains("frame_earliest_s"))
        #expect(try PromptsLogFile.read(old, file: "x").rows == [row])
    }

    @Test func aLastLineCutShortBySomeCrashIsSetAside() throws {
        let rows = [PromptsRow(event: .phaseStart, time: .zero, frame: .zero, phase: "a"),
                    PromptsRow(event: .phaseEnd, time: .seconds(1), frame: .seconds(1), phase: "a")]
        let whole = text(rows)
        let cut = String(whole.dropLast(9))
        let log = try PromptsLogFile.read(cut, file: "1_prompts.tsv")
        #expect(log.rows == [rows[0]] && log.endsCutShort)
        let onlyHeader = try PromptsLogFile.read(text([]), file: "x")
        #expect(onlyHeader.rows.isEmpty && !onlyHeader.endsCutShort)
    }

    @Test func whatIsNotAPromptsLogIsRefusedAtItsLine() {
        func failure(_ text: String) -> String {
            do {
                _ = try PromptsLogFile.read(text, file: "f.tsv")
                return "(read)"
            } catch {
                return error.description
            }
        }
        let good = text([PromptsRow(event: .pause, time: .seconds(3), frame: .seconds(3))])
        #expect(failure("logtime,scenario_time\n") == "f.tsv:1: error: expected `# labkiosk prompts log`; this is not a prompts log")
        #expect(failure(good.replacing("pause", with: "nap", maxReplacements: 1)) == "f.tsv:10: error: expected 14 tab-separated columns: two times in seconds with 6 decimals, an event, then the rest as the header names them")
        #expect(failure(good.replacing("# seed: 12345\n", with: "", maxReplacements: 1)) == "f.tsv:8: error: no readable `# seed: …` line before the column names")
        #expect(failure(good.replacing("time_s", with: "t", maxReplacements: 1)) == "f.tsv:9: error: expected the header `time_s frame_s event trial trial_index phase marker code text image planned_s variables detail frame_earliest_s` (tab-separated)")
        #expect(failure("# labkiosk prompts log\n# title: x\n") == "f.tsv:3: error: no header line of column names; the file ends in its `#` lines")
    }

    /// Found by the prompts-log fuzz target: a time of 1.7e21 s overflowed the nanoseconds.
    @Test func aTimeNoBlockCouldReachIsNotARow() {
        let good = text([PromptsRow(event: .pause, time: .seconds(3), frame: .seconds(3))])
        let edited = good.replacing("3.000000\t3.000000", with: "0001722586675415205660.000000\t3.000000", maxReplacements: 1)
        #expect(edited != good)
        #expect(throws: PromptsLogFile.Failure.self) { try PromptsLogFile.read(edited, file: "f.tsv") }
    }
}
