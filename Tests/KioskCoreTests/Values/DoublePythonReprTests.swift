import Testing
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
}
