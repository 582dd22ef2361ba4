import Testing
@testable import KioskCore

@Suite struct ExactDecimalTests {
    /// The expansion as text, to compare with Python's `decimal.Decimal(x)`.
    private func text(_ x: Double) -> String? {
        guard let exact = ExactDecimal(x) else { return nil }
        var digits = exact.digits.map { String($0) }.joined()
        if exact.fractionDigits > 0 {
            let padded = String(repeating: "0", count: max(exact.fractionDigits + 1 - digits.count, 0)) + digits
            let split = padded.index(padded.endIndex, offsetBy: -exact.fractionDigits)
            digits = padded[..<split] + "." + padded[split...]
        }
        return (exact.isNegative ? "-" : "") + digits
    }

    @Test func matchesPythonDecimal() {
        #expect(text(2.675) == "2.67499999999999982236431605997495353221893310546875")
        #expect(text(0.1) == "0.1000000000000000055511151231257827021181583404541015625")
        #expect(text(1e23) == "99999999999999991611392")
        #expect(text(-0.5) == "-0.5")
        #expect(text(-0.0) == "-0")
        #expect(text(150) == "150")
    }

    @Test func subnormalsExpandFully() throws {
        let exact = try #require(ExactDecimal(.leastNonzeroMagnitude))
        #expect(exact.fractionDigits == 1074)
        #expect(exact.digits.prefix(6) == [4, 9, 4, 0, 6, 5])
        #expect(exact.digits.suffix(5) == [6, 5, 6, 2, 5])
        #expect(exact.digits.count == 751)
    }

    @Test func nonFiniteValuesHaveNoExpansion() {
        #expect(ExactDecimal(.nan) == nil)
        #expect(ExactDecimal(.infinity) == nil)
    }
}
