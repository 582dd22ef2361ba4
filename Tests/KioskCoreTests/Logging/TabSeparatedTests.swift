import Testing
@testable import KioskCore

@Suite struct TabSeparatedTests {
    @Test func decimalsAreFixedPointWithTheirPlaces() {
        #expect(TabSeparated.decimal(512.25, places: 3) == "512.250")
        #expect(TabSeparated.decimal(-0.0004, places: 3) == "0.000")
        #expect(TabSeparated.decimal(nil, places: 3) == "")
        #expect(TabSeparated.decimal(.infinity, places: 3) == "")
    }

    /// Found by the `judge-log` fuzz target: values past Int64 once scaled trapped.
    @Test func valuesTooLargeForFixedPointKeepTheirShortestDigits() {
        #expect(TabSeparated.decimal(2.00666666666666666e15, places: 6) == "2006666666666666.8")
        #expect(TabSeparated.decimal(-1e300, places: 0) == "-1e+300")
        #expect(TabSeparated.decimal(9.2e18, places: 0) == "9200000000000000000")
    }
}
