import Testing
@testable import KioskShell

@Suite struct PasswordHashTests {
    @Test func aSecretIsKeptAsAYescryptHashThatOnlyItMatches() throws {
        let hash = try PasswordHash.hash("2468")
        #expect(hash.hasPrefix("$y$") && !hash.contains("2468"))
        #expect(try PasswordHash.hash("2468") != hash, "a new salt each time")
        #expect(PasswordHash.verify("2468", against: hash))
        #expect(!PasswordHash.verify("2469", against: hash))
        #expect(!PasswordHash.verify("", against: hash))
        #expect(PasswordHash.isHash(hash))
        #expect(!PasswordHash.isHash("2468"))
        #expect(!PasswordHash.verify("2468", against: "2468"))
    }

    @Test func onlyFourToTwelveDigitsMakeAPIN() {
        #expect(StaffPIN.problem("2468") == nil)
        #expect(StaffPIN.problem("123") != nil)
        #expect(StaffPIN.problem("1234567890123") != nil)
        #expect(StaffPIN.problem("12a4") != nil)
        #expect(StaffPIN.problem("１２３４") != nil)
    }
}
