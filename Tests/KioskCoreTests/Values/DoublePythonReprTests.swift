import Testing
import TestSupport
@testable import KioskCore

/// Python `repr(float)` cases; expected strings are CPython 3.11 output.
@Suite struct DoublePythonReprTests {
    @Test(arguments: [
        (0.0, "0.0"),
        (150.0, "150.0"),
        (2.429249, "2.429249"),
        (1e-05, "1e-05"),
        (0.0001, "0.0001"),
        (0.00012, "0.00012"),
        (1.2e-7, "1.2e-07"),
        (1e16, "1e+16"),
        (1e15, "1000000000000000.0"),
        (1234567890123456.0, "1234567890123456.0"),
        (9999999999999998.0, "9999999999999998.0"),
        (1.5e20, "1.5e+20"),
        (1e100, "1e+100"),
        (0.1 + 0.2, "0.30000000000000004"),
        (112.00000000000001, "112.00000000000001"),
        (-123.456, "-123.456"),
        (-0.0, "-0.0"),
        (Double.leastNonzeroMagnitude, "5e-324"),
        (2.2250738585072014e-308, "2.2250738585072014e-308"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (Double.infinity, "inf"),
        (-Double.infinity, "-inf"),
        (1.5551740801295997, "1.5551740801295997"),
        (0.003999933333666666, "0.003999933333666666"),
    ])
    func matchesCPython(value: Double, expected: String) {
        #expect(value.pythonRepr == expected)
    }

    @Test func nanHasNoSign() {
        #expect(Double.nan.pythonRepr == "nan")
        #expect((-Double.nan).pythonRepr == "nan")
        #expect(Double.signalingNaN.pythonRepr == "nan")
    }

    @Test func everyReprReadsBackToTheSameDouble() {
        // An LCG walk over raw bit patterns: every exponent range, subnormals included.
        var bits: UInt64 = 42
        for _ in 0..<5000 {
            bits = bits &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = Double(bitPattern: bits)
            guard value.isFinite else { continue }
            #expect(Double(value.pythonRepr)?.bitPattern == value.bitPattern, "\(value)")
        }
    }

    /// Where `pythonRepr` takes Swift's own layout, it is the same text as the re-layout.
    @Test func swiftLayoutMatchesTheRelayoutInItsRange() {
        var random = SplitMix64(seed: 7)
        for index in 0..<200_000 {
            let x: Double
            switch index % 3 {
            case 0: x = Double.random(in: 1e-4..<1e15, using: &random)
            case 1: x = Double.random(in: -1000...1000, using: &random)
            default: x = Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &random)) / 1_000_000
            }
            guard x.magnitude >= 1e-4, x.magnitude < 1e15 else { continue }
            #expect(x.pythonRepr == x.pythonReprFromDigits, "\(x)")
            if x.pythonRepr != x.pythonReprFromDigits { return }
        }
        for edge in [1e-4, 0.00010000000000000002, 999999999999999.9, 1e15.nextDown, 123456789012345.6] {
            #expect(edge.pythonRepr == edge.pythonReprFromDigits, "\(edge)")
        }
    }
}
