import Foundation
import Testing
import TestSupport
@testable import KioskCore

/// Python `round()` cases; expected values are CPython 3.11 output.
@Suite struct PythonRoundingTests {
    @Test(arguments: [
        (2.429249, "2.429249"),
        (445.4739995, "445.473999"),  // really 445.47399949999998…, so it rounds down
        (0.0000005, "0.0"),  // just below the half in binary
        (0.0000015, "2e-06"),  // just above the half in binary
        (1.0000005, "1.000001"),
        (0.1 + 0.2, "0.3"),
        (150.0, "150.0"),
        (1e16, "1e+16"),
        (-0.0, "-0.0"),
        (-0.0000001, "-0.0"),
        (Double.leastNonzeroMagnitude, "0.0"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (Double.infinity, "inf"),
    ])
    func roundsToSixDecimalsLikeCPython(value: Double, expected: String) {
        #expect(PythonRounding.round6(value).pythonRepr == expected)
    }

    @Test(arguments: [
        (117.10322265625, "117.1"),
        (111.85, "111.8"),  // 111.849999…
        (111.95, "112.0"),  // 111.950000…01
        (0.05, "0.1"),
        (0.15, "0.1"),
        (0.25, "0.2"),  // an exact tie: goes to the even digit
        (0.35, "0.3"),
        (-0.0001, "-0.0"),
        (112.00000000000001, "112.0"),
    ])
    func roundsToOneDecimalLikeCPython(value: Double, expected: String) {
        #expect(PythonRounding.round1(value).pythonRepr == expected)
    }

    @Test func roundsTheExactBinaryValueNotItsShortestRepr() {
        #expect(PythonRounding.round(2.675, digits: 2) == 2.67)
        #expect(PythonRounding.round(0.125, digits: 2) == 0.12)
        #expect(PythonRounding.round(0.375, digits: 2) == 0.38)
        #expect(PythonRounding.round(2.5, digits: 0) == 2.0)
        #expect(PythonRounding.round(3.5, digits: 0) == 4.0)
    }

    @Test func negativeDigitsRoundToTensAndBeyond() {
        #expect(PythonRounding.round(1234.5678, digits: -2) == 1200.0)
        #expect(PythonRounding.round(1250, digits: -2) == 1200.0)
        #expect(PythonRounding.round(1350, digits: -2) == 1400.0)
        #expect(PythonRounding.round(1e308, digits: -308) == 1e308)
        // Python raises OverflowError here; we return an infinity of the same sign.
        #expect(PythonRounding.round(.greatestFiniteMagnitude, digits: -308) == .infinity)
        #expect(PythonRounding.round(-.greatestFiniteMagnitude, digits: -308) == -.infinity)
        #expect(PythonRounding.round(7, digits: -400).sign == .plus)
        #expect(PythonRounding.round(-7, digits: -400).sign == .minus)
    }

    @Test func nanStaysNan() {
        #expect(PythonRounding.round6(.nan).isNaN)
    }

    @Test func roundToIntIsHalfEven() {
        #expect(PythonRounding.roundToInt(2.5) == 2)
        #expect(PythonRounding.roundToInt(3.5) == 4)
        #expect(PythonRounding.roundToInt(-2.5) == -2)
        #expect(PythonRounding.roundToInt(0.5) == 0)
        #expect(PythonRounding.roundToInt(36.9) == 37)
        #expect(PythonRounding.roundToInt(.nan) == nil)
        #expect(PythonRounding.roundToInt(.infinity) == nil)
        #expect(PythonRounding.roundToInt(1e19) == nil)
    }

    /// The fast path agrees with the exact expansion wherever it answers: log times,
    /// scenario times, frequencies, positions, and values built to sit on ties.
    @Test(arguments: [1, 6])
    func fastPathAgreesWithTheExactExpansion(digits: Int) {
        var random = SplitMix64(seed: UInt64(digits))
        var answered = 0
        for index in 0..<100_000 {
            let x: Double
            switch index % 4 {
            case 0: x = Double.random(in: 0..<100_000, using: &random)
            case 1: x = Double.random(in: -200...200, using: &random)
            case 2: x = (Double(Int.random(in: -1_000_000...1_000_000, using: &random)) + 0.5) / pow(10, Double(digits))
            default: x = Double(bitPattern: random.next() & 0x3FEF_FFFF_FFFF_FFFF | 0x3E00_0000_0000_0000)
            }
            guard let quick = PythonRounding.roundedAwayFromTies(x, digits: digits) else { continue }
            answered += 1
            let exact = PythonRounding.roundedExactly(x, digits: digits)
            #expect(quick.bitPattern == exact.bitPattern, "round(\(x), \(digits)): \(quick) vs \(exact)")
            if quick.bitPattern != exact.bitPattern { return }
        }
        #expect(answered > 60_000, "the fast path should answer most values")
    }
}
