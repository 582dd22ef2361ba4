import Testing
@testable import KioskShell

@Suite struct StaffPINTests {
    @Test func aPINIsKeptAsAYescryptHashThatOnlyItMatches() throws {
        let hash = try StaffPIN.hash("2468")
        #expect(hash.hasPrefix("$y$") && !hash.contains("2468"))
        #expect(try StaffPIN.hash("2468") != hash, "a new salt each time")
        #expect(StaffPIN.verify("2468", against: hash))
        #expect(!StaffPIN.verify("2469", against: hash))
        #expect(!StaffPIN.verify("", against: hash))
        #expect(StaffPIN.isHash(hash))
        #expect(!StaffPIN.isHash("2468"))
        #expect(!StaffPIN.verify("2468", against: "2468"))
    }

    @Test func onlyFourToTwelveDigitsMakeAPIN() {
        #expect(StaffPIN.problem("2468") == nil)
        #expect(StaffPIN.problem("123") != nil)
        #expect(StaffPIN.problem("1234567890123") != nil)
        #expect(StaffPIN.problem("12a4") != nil)
        #expect(StaffPIN.problem("１２３４") != nil)
    }
}
