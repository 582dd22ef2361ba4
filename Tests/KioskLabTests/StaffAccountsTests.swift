import Dispatch
import Glibc
import Synchronization
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

    @Test func aPasswordIsAllOfItsCharactersNULIncluded() throws {
        let staff = try accounts()
        try staff.add(name: "alice", password: "correct horse", admin: false, now: 0)
        #expect(try staff.signIn(name: "alice", password: "correct horse\0anything", now: 0, lifetime: 60) == .refused)
        #expect(throws: LabDatabaseFailure.self, "ten characters, one before the NUL") {
            try staff.add(name: "bob", password: "a" + String(repeating: "\0", count: 9), admin: false, now: 0)
        }
        #expect(throws: LabDatabaseFailure.self) { try staff.reset(name: "alice", password: "x\0xxxxxxxxxx") }
        #expect(try staff.signIn(name: "alice", password: "correct horse", now: 0, lifetime: 60).token != nil)
    }

    @Test func namesThatLookAlikeAreOneName() throws {
        let staff = try accounts()
        try staff.add(name: "alice", password: "correct horse", admin: false, now: 0)
        #expect(throws: LabDatabaseFailure.self) { try staff.add(name: "ALICE", password: "another password", admin: true, now: 0) }
        for invisible in ["al\u{200B}ice", "\u{FEFF}bob", "bo\u{00AD}b", "bo\u{2060}b", "bob\u{7}", "bo\u{3000}b"] {
            #expect(throws: LabDatabaseFailure.self, "\(invisible.unicodeScalars.map { $0.value })") {
                try staff.add(name: invisible, password: "another password", admin: true, now: 0)
            }
        }
        try staff.add(name: "Zoë", password: "another password", admin: false, now: 0)
        #expect(throws: LabDatabaseFailure.self, "é written as e and a combining accent") {
            try staff.add(name: "zoe\u{308}", password: "another password", admin: false, now: 0)
        }
        #expect(try staff.list().map(\.name) == ["Zoë", "alice"])
    }

    @Test func anAccountIsRemovedOrGivenANewPasswordWhichEndsItsSessions() throws {
        let staff = try accounts()
        try staff.add(name: "alice", password: "correct horse", admin: true, now: 0)
        try staff.add(name: "bob", password: "read only staff", admin: false, now: 0)
        let alice = try #require(try staff.signIn(name: "alice", password: "correct horse", now: 0, lifetime: 3600).token)
        let bob = try #require(try staff.signIn(name: "bob", password: "read only staff", now: 0, lifetime: 3600).token)
        for attempt in 1...6 { _ = try staff.signIn(name: "alice", password: "guess \(attempt)", now: 10, lifetime: 60) }
        try staff.reset(name: "alice", password: "battery staple")
        #expect(try staff.staff(holding: alice, now: 11) == nil, "signed out everywhere")
        #expect(try staff.signIn(name: "alice", password: "correct horse", now: 11, lifetime: 60) == .refused, "and not locked")
        #expect(try staff.signIn(name: "alice", password: "battery staple", now: 11, lifetime: 60).token != nil)
        try staff.remove(name: "bob")
        #expect(try staff.staff(holding: bob, now: 11) == nil)
        #expect(try staff.list() == [.init(name: "alice", admin: true)])
        #expect(throws: LabDatabaseFailure.self) { try staff.remove(name: "bob") }
        #expect(throws: LabDatabaseFailure.self) { try staff.reset(name: "nobody", password: "battery staple") }
    }

    @Test func lockoutsAreListedAndLifted() throws {
        let staff = try accounts()
        try staff.add(name: "alice", password: "correct horse", admin: false, now: 0)
        for attempt in 1...5 { _ = try staff.signIn(name: "alice", password: "guess \(attempt)", now: 10, lifetime: 60) }
        _ = try staff.signIn(name: "mallory", password: "guess", now: 10, lifetime: 60)
        #expect(try staff.lockouts(now: 20) == [.init(name: "alice", failures: 5, seconds: 20), .init(name: "mallory", failures: 1, seconds: 0)])
        #expect(try staff.unlock(name: "alice"))
        #expect(try !staff.unlock(name: "alice"))
        #expect(try staff.signIn(name: "alice", password: "correct horse", now: 20, lifetime: 60).token != nil)
        #expect(try staff.lockouts(now: 20 + SignInLockout.forgottenAfterSeconds + 11) == [], "forgotten after a day")
    }

    @Test func triesAtOnceAreCountedOneAfterTheOther() throws {
        // 40 wrong passwords at once, each through its own connection as the dashboard's are:
        // the four free ones and the fifth are checked, the rest find the name locked.
        let path = "/tmp/labkiosk-staff-race-\(UInt64.random(in: 0...UInt64.max)).sqlite"
        defer { unlink(path) }
        let first = try SQLiteLabDatabase(path: path)
        try LabSchema.migrate(first)
        try StaffAccounts(database: first).add(name: "alice", password: "correct horse", admin: false, now: 0)
        let answers = Mutex<[StaffAccounts.SignIn]>([])
        DispatchQueue.concurrentPerform(iterations: 40) { attempt in
            let answer = Result {
                try StaffAccounts(database: try SQLiteLabDatabase(path: path)).signIn(name: "alice", password: "guess \(attempt)", now: 10, lifetime: 60)
            }
            answers.withLock { $0.append((try? answer.get()) ?? .refused) }
        }
        let checked = answers.withLock { $0.filter { $0 == .refused }.count }
        #expect(checked == 5)
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
