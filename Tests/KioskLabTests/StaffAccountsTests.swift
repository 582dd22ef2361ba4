import Testing
@testable import KioskLab

extension StaffAccounts.SignIn {
    var token: String? { if case .signedIn(let token) = self { token } else { nil } }
}

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
        #expect(try staff.signIn(name: "alice", password: "wrong horse!", now: 100, lifetime: 60) == .refused)
        #expect(try staff.signIn(name: "nobody", password: "correct horse", now: 100, lifetime: 60) == .refused)
        let token = try #require(try staff.signIn(name: "alice", password: "correct horse", now: 100, lifetime: 60).token)
        #expect(token.count == 64)
        #expect(try staff.staff(holding: token, now: 159) == .init(name: "alice", admin: true))
        #expect(try staff.staff(holding: token, now: 160) == nil, "expired")
        #expect(try staff.database.value("SELECT count(*) FROM staff_session WHERE token_sha256 = $1", [.text(token)]) == "0",
                "only the token's SHA-256 is stored")
    }

    @Test func signingOutEndsTheSession() throws {
        let staff = try accounts()
        try staff.add(name: "bob", password: "read only staff", admin: false, now: 0)
        let token = try #require(try staff.signIn(name: "bob", password: "read only staff", now: 0, lifetime: 3600).token)
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

    @Test func wrongPasswordsInARowLockTheNameForLongerEachTime() throws {
        let staff = try accounts()
        try staff.add(name: "alice", password: "correct horse", admin: false, now: 0)
        for attempt in 1...4 { #expect(try staff.signIn(name: "alice", password: "guess \(attempt)", now: 10, lifetime: 60) == .refused) }
        #expect(try staff.signIn(name: "alice", password: "guess 5", now: 10, lifetime: 60) == .refused)
        #expect(try staff.signIn(name: "alice", password: "correct horse", now: 20, lifetime: 60) == .locked(seconds: 20),
                "locked: even the right password is not checked")
        #expect(try staff.signIn(name: "alice", password: "guess 6", now: 40, lifetime: 60) == .refused)
        #expect(try staff.signIn(name: "alice", password: "correct horse", now: 41, lifetime: 60) == .locked(seconds: 59))
        #expect(try staff.signIn(name: "alice", password: "correct horse", now: 100, lifetime: 60).token != nil)
        #expect(try staff.signIn(name: "alice", password: "a mistake", now: 101, lifetime: 60) == .refused, "the count started again")
        #expect(try staff.signIn(name: "alice", password: "correct horse", now: 102, lifetime: 60).token != nil)
        // An unknown name is counted and locked alike.
        for _ in 1...5 { #expect(try staff.signIn(name: "mallory", password: "guess", now: 200, lifetime: 60) == .refused) }
        #expect(try staff.signIn(name: "mallory", password: "guess", now: 201, lifetime: 60) == .locked(seconds: 29))
    }

    @Test func theLockGrowsToAQuarterOfAnHourAtMost() {
        #expect((1...9).map(SignInLockout.lockSeconds(afterFailures:)) == [0, 0, 0, 0, 30, 60, 120, 240, 480])
        #expect(SignInLockout.lockSeconds(afterFailures: 10) == 900 && SignInLockout.lockSeconds(afterFailures: 10_000) == 900)
    }

    @Test func aFormKeyBelongsToOneSession() {
        #expect(StaffAccounts.formKey(token: "a") == StaffAccounts.formKey(token: "a"))
        #expect(StaffAccounts.formKey(token: "a") != StaffAccounts.formKey(token: "b"))
        #expect(StaffAccounts.formKey(token: "a") != "a")
    }
}
