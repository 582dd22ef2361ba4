import Testing
@testable import KioskShell

@Suite struct StaffPINTests {
    @Test func onlyFourToTwelveDigitsMakeAPIN() {
        #expect(StaffPIN.problem("2468") == nil)
        #expect(StaffPIN.problem("123") != nil)
        #expect(StaffPIN.problem("1234567890123") != nil)
        #expect(StaffPIN.problem("12a4") != nil)
        #expect(StaffPIN.problem("１２３４") != nil)
    }
}
