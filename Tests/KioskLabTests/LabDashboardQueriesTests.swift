import Testing
@testable import KioskLab

/// The dashboard's queries on SQLite (the PostgreSQL side runs in Tests/e2e/test_dashboard.py).
@Suite struct LabDashboardQueriesTests {
    private func lab() throws -> SQLiteLabDatabase {
        let database = try SQLiteLabDatabase(path: ":memory:")
        try LabSchema.migrate(database)
        try database.run("INSERT INTO kiosk(name, last_contact) VALUES ('k1', '2026-11-27 10:00:00'), ('k2', '2026-11-27 08:00:00')")
        func session(_ kiosk: String, _ journal: String, _ participant: String, _ visit: String, completed: Bool, order: String) throws {
            try database.run("""
                INSERT INTO session(kiosk, journal, study, plan, participant, visit, started, completed, orders)
                VALUES ($1, $2, 'S', 'plan.toml', $3, $4, '2026-11-27 09:00:00', $5, $6)
                """, [.text(kiosk), .text(journal), .text(participant), .text(visit), completed ? .text("2026-11-27 09:30:00") : .null, .text(order)])
        }
        try session("k1", "P1/a/batch.txt", "P1", "1", completed: true, order: "A B")
        try session("k2", "P1/b/batch.txt", "P1", "2", completed: true, order: "A B")
        try session("k1", "P2/a/batch.txt", "P2", "1", completed: false, order: "B A")
        for (kiosk, journal, state, accuracy) in [("k1", "P1/a/batch.txt", "complete", "0.5"), ("k2", "P1/b/batch.txt", "complete", "0.9"),
                                                  ("k1", "P2/a/batch.txt", "running", "")] {
            try database.run("INSERT INTO block(kiosk, journal, place, plan_block, title, state) VALUES ($1, $2, 1, 1, 'Judge', $3)",
                             [.text(kiosk), .text(journal), .text(state)])
            if !accuracy.isEmpty {
                try database.run("INSERT INTO figure(kiosk, journal, place, name, value) VALUES ($1, $2, 1, 'accuracy', $3)",
                                 [.text(kiosk), .text(journal), .text(accuracy)])
            }
        }
        return database
    }

    @Test func theOverviewSaysWhoIsOnlineAndWhatRuns() throws {
        let now = LabTime.seconds(fromUTC: "2026-11-27 10:05:00")!
        let overview = try LabOverview.read(try lab(), now: now, onlineWithin: 20 * 60)
        #expect(overview.kiosks.map(\.name) == ["k1", "k2"])
        #expect(overview.kiosks.map(\.online) == [true, false])
        #expect(overview.kiosks[0].age == "5 min" && overview.kiosks[1].age == "2 h")
        #expect(overview.kiosks[0].running == ["P2, visit 1: Judge (block 1 of 1)"])
        let study = try #require(overview.studies.first)
        #expect((study.participants, study.sessions, study.completed, study.unfinished) == (2, 3, 2, 1))
    }

    @Test func aStudyHasItsParticipantsByVisitOrdersAndFigures() throws {
        let study = try #require(try LabStudy.read(try lab(), study: "S"))
        #expect(study.visits == ["1", "2"])
        #expect(study.participants.map(\.id) == ["P1", "P2"])
        #expect(study.participants[0].visits.map(\.state) == ["completed", "completed"])
        #expect(study.participants[1].visits.map(\.state) == ["unfinished", ""])
        #expect(study.orders.map(\.order) == ["A B", "B A"] && study.orders.map(\.participants) == [1, 1])
        let accuracy = try #require(study.figures.first)
        #expect(accuracy.visits.map(\.mean) == [0.5, 0.9])
        #expect(try LabStudy.read(try lab(), study: "no such study") == nil)
    }

    @Test func aParticipantsFiguresMakeSeriesAcrossSessions() throws {
        let participant = try #require(try LabParticipant.read(try lab(), study: "S", participant: "P1"))
        #expect(participant.sessions.map(\.kiosk) == ["k1", "k2"])
        let series = try #require(participant.series.first)
        #expect(series.block == "Judge" && series.figure == "accuracy" && series.points.map(\.y) == [0.5, 0.9])
    }

    @Test func theTidyTableHasOneRowPerFigure() throws {
        let lines = try LabTidyTable.read(try lab(), study: "S").split(separator: "\n")
        #expect(lines.first == Substring(LabTidyTable.columns.joined(separator: "\t")))
        #expect(lines.count == 3)
        #expect(LabTidyTable.field("a\tb\nc") == "a b c")
    }

    @Test func figuresAreSummarisedAcrossParticipants() {
        let summary = LabFigureSummary([1, 2, 3])
        #expect(summary.count == 3 && summary.mean == 2 && summary.standardDeviation == 1)
        #expect(LabFigureSummary([]).mean == nil && LabFigureSummary([4]).standardDeviation == nil)
    }

    @Test func timesAndSizesReadAsStaffReadThem() {
        #expect(LabTime.seconds(fromUTC: "1970-01-02 00:00:01.5+00") == 86_401)
        #expect(LabTime.seconds(fromUTC: "yesterday") == nil)
        #expect(LabTime.age(seconds: 59) == "59 s" && LabTime.age(seconds: 3 * 86_400) == "3 days")
        #expect(LabIntegrity.size(1500) == "2 KB" && LabIntegrity.size(75_600_000) == "72.1 MB")
    }
}
