import Testing
@testable import KioskLab

@Suite struct LabAccessTests {
    /// One list of the kiosks' tables serves the rights and a kiosk folder's refresh: a new table
    /// with a kiosk column that is not in it would be neither guarded nor cleared.
    @Test func everyTableWithAKioskColumnIsListedOnceInAnOrderThatDeletesCleanly() throws {
        let database = try SQLiteLabDatabase(path: ":memory:")
        try LabSchema.migrate(database)
        let tables = try database.run("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", []).compactMap { $0[0] }
        let withKioskColumn = try tables.filter { table in
            try database.run("SELECT name FROM pragma_table_info($1)", [.text(table)]).contains { $0[0] == "kiosk" }
        }
        #expect(withKioskColumn.count >= 9)
        #expect(Set(withKioskColumn) == Set(LabAccess.kioskTables))
        #expect(Set(LabAccess.kioskTables).count == LabAccess.kioskTables.count)
        for (place, table) in LabAccess.kioskTables.enumerated() {
            for referred in try database.run("SELECT \"table\" FROM pragma_foreign_key_list($1)", [.text(table)]).compactMap({ $0[0] }) {
                guard let referredPlace = LabAccess.kioskTables.firstIndex(of: referred) else { continue }
                #expect(referredPlace > place, "\(table) refers to \(referred), which must be deleted from after it")
            }
        }
    }
}
