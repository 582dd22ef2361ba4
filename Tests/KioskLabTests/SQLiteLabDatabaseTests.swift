import Testing
@testable import KioskLab

@Suite struct SQLiteLabDatabaseTests {
    @Test func postgreSQLSpellingIsTranslatedOutsideQuotesAndComments() {
        #expect(SQLiteLabDatabase.translate("SELECT $1, $12 WHERE a = now()") == "SELECT ?1, ?12 WHERE a = CURRENT_TIMESTAMP")
        #expect(SQLiteLabDatabase.translate("SELECT '$1 now()', $2") == "SELECT '$1 now()', ?2")
        #expect(SQLiteLabDatabase.translate("-- it's now()\nSELECT now()") == "-- it's now()\nSELECT CURRENT_TIMESTAMP")
        #expect(SQLiteLabDatabase.translate("SELECT 'it''s', $1") == "SELECT 'it''s', ?1")
    }

    @Test func theLabsMigrationsRunOnSQLiteOnceEach() throws {
        let database = try SQLiteLabDatabase(path: ":memory:")
        #expect(try LabSchema.migrate(database) == LabSchema.migrations.count)
        #expect(try LabSchema.migrate(database) == 0)
        #expect(try database.value("SELECT count(*) FROM migration") == String(LabSchema.migrations.count))
        try database.run("INSERT INTO kiosk(name) VALUES ($1)", [.text("k")])
        let contact = try #require(try database.value("SELECT last_contact FROM kiosk"))
        #expect(LabTime.seconds(fromUTC: contact) != nil, "now() became a UTC time: \(contact)")
    }

    @Test func aValueShapedLikeSQLIsStoredAsText() throws {
        let database = try SQLiteLabDatabase(path: ":memory:")
        try LabSchema.migrate(database)
        let sneaky = "x'); DROP TABLE kiosk; --"
        try database.run("INSERT INTO kiosk(name) VALUES ($1)", [.text(sneaky)])
        #expect(try database.value("SELECT name FROM kiosk") == sneaky)
    }

    @Test func aFailedTransactionLeavesNothing() throws {
        let database = try SQLiteLabDatabase(path: ":memory:")
        try LabSchema.migrate(database)
        #expect(throws: LabDatabaseFailure.self) {
            try database.transaction {
                try database.run("INSERT INTO kiosk(name) VALUES ($1)", [.text("k")])
                try database.run("INSERT INTO kiosk(name) VALUES ($1)", [.text("k")])
            }
        }
        #expect(try database.value("SELECT count(*) FROM kiosk") == "0")
    }
}
