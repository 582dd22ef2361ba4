import Testing
@testable import KioskData

@Suite struct StringCFormatTests {
    @Test func fixedPointFiguresRoundTheBinaryValueAsPrintfDoes() {
        #expect(String(cFormat: "%.1f", 39.15) == "39.1")  // 39.15 is stored as 39.149999…
        #expect(String(cFormat: "%.0f", 2.5) == "2")  // an exact half goes to even
        #expect(String(cFormat: "%.2f", 0.004) == "0.00")
        #expect(String(cFormat: "%+.6f", -0.5) == "-0.500000")
        #expect(String(cFormat: "%+.6f", 0.25) == "+0.250000")
    }

    @Test func hexadecimalIdsArePadded() {
        #expect(String(cFormat: "%04x:%04x", UInt16(0x46D), UInt16(0xC215)) == "046d:c215")
    }

    @Test func percentSignsAndPlainTextPass() {
        #expect(String(cFormat: "process: %.1f %% of one core", 12.25) == "process: 12.2 % of one core")
        #expect(String(cFormat: "no figures") == "no figures")
        #expect(String(cFormat: "") == "")
    }
}
