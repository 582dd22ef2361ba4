import Testing
@testable import KioskCore

@Suite struct PadJournalTests {
    @Test func aJournalACrashLeftBecomesRecoveredFiles() throws {
        var script = try PadTrialScript()
        script.frame([(4, .keyPress("N"))])
        script.frame([(9, .keyRelease("N"))])
        script.key("DOWN")
        script.stroke(from: PadTrialScript.pad(10, 10), to: PadTrialScript.pad(20, 20))
        script.frame(after: 65_000)
        script.frame([(1, .pointerDown(PadTrialScript.pad(5, 5), .mouse))])
        // The crash: no closing line, and the last line cut off halfway.
        let journal = script.journal + "S\tsample\t50000"
        let contents = try PadJournal.read(journal).get()
        #expect(contents.trialEndLine == nil)
        let files = PadTrialFiles.compose(contents)
        #expect(files.recovered)
        // Trial Start 09:15:52 plus the 65.5 s its entries span.
        #expect(files.main.split(separator: "\n")[11] == "Trial End            :03/02/2025 - 09:16:57")
        #expect(files.main.split(separator: "\n").last!.hasSuffix(";5;5;ButtonDown"))
        #expect(files.strokes.split(separator: "\n").count == 12 + 1)
        #expect(files.samples.contains("# recovered:"))
    }

    @Test func aClosedJournalComposesAsWritten() throws {
        let script = try InteractLogGoldenTests.playDefaultTrial()
        let files = try script.files()
        #expect(!files.recovered && !files.samples.contains("# recovered"))
    }

    @Test func aStimulusLineWhoseRefreshIsUncertainIsMarkedInTheSamplesFileAndNowhereElse() throws {
        // The frame that put the figure up was reported at 2.5 s; the refresh before, 2.483 s, may have shown it.
        let stimulus = InteractLogEvent(number: 3, time: MonotonicTime(nanoseconds: 2_500_000_000), text: "StimulusOn_figure-1.png", isShownAtFrame: true)
        let mark = PadSampleRow.uncertainOnset(of: stimulus, earliestPossible: MonotonicTime(nanoseconds: 2_483_333_333))
        #expect(mark.line == "uncertain\t2483333333\t2500000000\t\t\t\t\t\t\t\t\t\t\tStimulusOn_figure-1.png")
        let script = try InteractLogGoldenTests.playDefaultTrial()
        let unmarked = try PadJournal.read(script.journal).get()
        var contents = unmarked
        contents.events.append(stimulus.line)
        contents.samples.append(mark)
        // The journal carries it as any samples row, and it draws no ink.
        #expect(PadSampleRow(line: Substring(mark.line)) == mark)
        let files = PadTrialFiles.compose(contents)
        #expect(files.samples.hasSuffix(mark.line + "\n"))
        #expect(files.ink == PadTrialFiles.compose(unmarked).ink)
        // InteractLog's own line is as InteractLog writes it.
        #expect(files.main.hasSuffix("\n3;2500000000;0;0;StimulusOn_figure-1.png\n"))
    }

    @Test func otherFilesAreRefused() {
        #expect(throws: PadJournal.ReadError.self) { try PadJournal.read("Name :x\n").get() }
        #expect(throws: PadJournal.ReadError.self) { try PadJournal.read(PadJournal.firstLine + "\nQ\tx\n").get() }
    }

    @Test func datesAddAcrossMonthsAndYears() {
        let date = LocalDateTime(year: 2024, month: 12, day: 31, hour: 23, minute: 59, second: 30)
        #expect(date.adding(seconds: 45) == LocalDateTime(year: 2025, month: 1, day: 1, hour: 0, minute: 0, second: 15))
        let leap = LocalDateTime(year: 2024, month: 2, day: 28, hour: 12, minute: 0, second: 0)
        #expect(leap.adding(seconds: 86_400) == LocalDateTime(year: 2024, month: 2, day: 29, hour: 12, minute: 0, second: 0))
    }
}
