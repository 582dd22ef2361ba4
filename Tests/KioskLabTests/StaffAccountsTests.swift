import Testing
@testable import KioskLab

@Suite struct StaffAccountsTests {
    private func accounts() throws -> StaffAccounts {
        let database = try SQLiteLabDatabase(path: ":memory:")
        try LabSchema.migrate(database)
        return StaffAccounts(database: database)
    }

    @Test func aPasswordSignsInAndItsSessionExpires() throws {
        let staff = try accounts()
        try staff.add(name: "alice", password: "correct horse", admin: true, now: 100)
        #expect(try staff.database.value("SELECT password_hash FROM staff")?.hasPrefix("$y$") == true)
        #expect(try staff.signIn(name: "alice", password: "wrong horse!", now: 100, lifetime: 60) == nil)
        #expect(try staff.signIn(name: "nobody", password: "correct horse", now: 100, lifetime: 60) == nil)
        let token = try #require(try staff.signIn(name: "alice", password: "correct horse", now: 100, lifetime: 60))
        #expect(token.count == 64)
        #expect(try staff.staff(holding: token, now: 159) == .init(name: "alice", admin: true))
        #expect(try staff.staff(holding: token, now: 160) == nil, "expired")
        #expect(try staff.database.value("SELECT count(*) FROM staff_session WHERE token_sha256 = $1", [.text(token)]) == "0",
                "only the token's SHA-256 is stored")
    }

    @Test func signingOutEndsTheSession() throws {
        let staff = try accounts()
        try staff.add(name: "bob", password: "read only staff", admin: false, now: 0)
        let token = try #require(try staff.signIn(name: "bob", password: "read only staff", now: 0, lifetime: 3600))
        #expect(try staff.staff(holding: token, now: 1)?.admin == false)
        try staff.signOut(token: token)
        #expect(try staff.staff(holding: token, now: 1) == nil)
    }

    @Test func namesAndPasswordsAreChecked() throws {
        let staff = try accounts()
        try staff.add(name: "alice", password: "correct horse", admin: false, now: 0)
        #expect(throws: LabDatabaseFailure.self) { try staff.add(name: "alice", password: "another password", admin: false, now: 0) }
        #expect(throws: LabDatabaseFailure.self) { try staff.add(name: "carol", password: "short", admin: false, now: 0) }
        #expect(throws: LabDatabaseFailure.self) { try staff.add(name: "two words", password: "long enough pw", admin: false, now: 0) }
        #expect(try staff.list() == [.init(name: "alice", admin: false)])
    }

    @Test func aFormKeyBelongsToOneSession() {
        #expect(StaffAccounts.formKey(token: "a") == StaffAccounts.formKey(token: "a"))
        #expect(StaffAccounts.formKey(token: "a") != StaffAccounts.formKey(token: "b"))
        #expect(StaffAccounts.formKey(token: "a") != "a")
    }
}
