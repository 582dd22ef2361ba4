import Testing
@testable import KioskLab

@Suite struct LabAccessTests {
    /// A refused sign-in is told from a server that cannot be reached: the desk stops trying one.
    @Test func aRefusedSignInIsToldFromAnUnreachableServer() {
        #expect(PostgresConnection.isSignInRefusal(
            "connection to server at \"127.0.0.1\", port 5432 failed: FATAL:  password authentication failed for user \"kiosk-1\""))
        #expect(PostgresConnection.isSignInRefusal("connection to server on socket failed: FATAL:  role \"kiosk-9\" does not exist"))
        #expect(!PostgresConnection.isSignInRefusal(
            "connection to server at \"127.0.0.1\", port 5432 failed: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?"))
        #expect(!PostgresConnection.isSignInRefusal("connection to server at \"10.0.0.9\", port 5432 failed: timeout expired"))
    }

    @Test func aRoleNameIsWholeOrRefused() {
        #expect(LabAccess.roleNameProblem("kiosk-1") == nil)
        #expect(LabAccess.roleNameProblem(String(repeating: "k", count: 63)) == nil)
        #expect(LabAccess.roleNameProblem(String(repeating: "k", count: 70)) != nil, "PostgreSQL would keep 63 of them")
        #expect(LabAccess.roleNameProblem(String(repeating: "é", count: 32)) != nil, "64 bytes")
        #expect(LabAccess.roleNameProblem("") != nil)
    }

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
