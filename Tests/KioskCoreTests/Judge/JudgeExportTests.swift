import Testing
@testable import KioskCore

@Suite struct JudgeExportTests {
    static let log = """
        # labkiosk judgement log
        # paradigm: choice
        # participant: P3
        # order: file
        # seed: 5
        # condition: distance
        trial\tpractice\tblock\tlist_line\timage\tdistance\texpected\tresponse\tinput\tcorrect\trt_ms\ttimed_out\tearly_responses\tonset_s\tshown_ms\tfixation_ms\tinterval_ms\tpoints\tscore
        1\t1\t0\t2\tp.png\tnear\tfriend\tfriend\tF\t1\t400.000\t0\t0\t1.000000\t400.000\t500.000\t800.000\t0\t0
        1\t0\t1\t2\ta.png\tnear\tfriend\tfriend\tF\t1\t512.250\t0\t0\t3.000000\t520.000\t500.000\t800.000\t0\t0
        2\t0\t1\t3\tb.png\tfar\tfoe\tfriend\ttap\t0\t700.000\t0\t1\t5.000000\t710.000\t500.000\t800.000\t0\t0
        3\t0\t1\t4\tc.png\tfar\tfoe\t\t\t0\t\t1\t0\t7.000000\t2000.000\t500.000\t800.000\t0\t0

        """

    @Test func theEventsFileHasOneRowPerTrialFromItsOnset() throws {
        let read = try JudgeLogFile.read(Self.log, file: "log")
        let lines = JudgeBIDSEvents.tsv(read).split(separator: "\n")
        #expect(lines[0] == "onset\tduration\ttrial_type\tresponse_time\tpractice\ttrial\timage\texpected\tresponse\tinput\tcorrect\ttimed_out\tdistance")
        #expect(lines[2] == "3.000000\t0.520000\tnear\t0.512250\t0\t1\ta.png\tfriend\tfriend\tF\t1\t0\tnear")
        #expect(lines[4] == "7.000000\t2.000000\tfar\tn/a\t0\t3\tc.png\tfoe\tn/a\tn/a\t0\t1\tfar")
        #expect(JudgeBIDSEvents.sidecar(read, version: "v").contains("\"distance\": {\"Description\": \"The trial list's `distance` column, as the lab wrote it.\"}"))
    }

    @Test func theReportSumsUpCountedTrialsPerCondition() throws {
        let read = try JudgeLogFile.read(Self.log, file: "log")
        let section = JudgeBlockReport.section(read, title: "Judgements", plotPrefix: "b1-")
        let figures = Dictionary(uniqueKeysWithValues: section.figures.map { ($0.name, $0.value) })
        #expect(figures["trials"] == "3 counted, 1 practice")
        #expect(figures["all trials"] == "accuracy 33.3 %, median RT 512.3 ms")
        #expect(figures["distance near"] == "accuracy 100 %, median RT 512.3 ms")
        #expect(figures["distance far"] == "accuracy 0 %, median RT none")
        #expect(section.plots.map(\.name) == ["b1-accuracy", "b1-response-times", "b1-trials"])
    }

    /// Found by the `judge-log` fuzz target: a duration beyond 64-bit nanoseconds trapped.
    @Test func aDurationEditedBeyondAnyClockStillExports() throws {
        let edited = Self.log.replacingOccurrences(of: "7.000000\t2000.000", with: "7.000000\t2006666666666666660.000")
        let lines = JudgeBIDSEvents.tsv(try JudgeLogFile.read(edited, file: "log")).split(separator: "\n")
        #expect(lines[4].hasPrefix("7.000000\t2006666666666666.8\tfar\t"))
    }
}
