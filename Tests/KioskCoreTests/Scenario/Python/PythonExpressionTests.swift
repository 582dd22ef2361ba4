import Testing
import TestSupport

@testable import KioskCore

/// The literal-expression evaluator against CPython 3.11's `eval` (expected values were
/// checked with CPython 3.11.7).
@Suite struct PythonExpressionTests {
    func eval(_ text: String) -> PyValue? { PythonExpression.evaluate(text) }

    @Test(arguments: [
        ("2+3*4", PyValue.int(14)), ("2**3**2", .int(512)), ("-2**2", .int(-4)), ("(-2)**2", .int(4)),
        ("7//2", .int(3)), ("-7//2", .int(-4)), ("7%3", .int(1)), ("-7%3", .int(2)), ("7%-3", .int(-2)),
        ("1/2", .float(0.5)), ("4/2", .float(2.0)), ("2**-1", .float(0.5)), ("-2**-2", .float(-0.25)),
        ("2*-3**2", .int(-18)), ("10-4-3", .int(3)), ("2**3*2", .int(16)), ("100//7//2", .int(7)),
        ("1+2<<3", .int(24)), ("6&3|8", .int(10)), ("6^3", .int(5)), ("~5", .int(-6)), ("-~5", .int(6)),
        ("1<<62", .int(4_611_686_018_427_387_904)), ("-1>>99", .int(-1)), ("--5", .int(5)), ("+-+5", .int(-5)),
    ])
    func precedenceAndIntegerSemantics(text: String, expected: PyValue) {
        #expect(eval(text) == expected)
    }

    @Test(arguments: [
        ("7.5//2", PyValue.float(3.0)), ("-7.5//2", .float(-4.0)), ("7.5%2", .float(1.5)), ("-7.5%2", .float(0.5)),
        ("7.5%-2", .float(-0.5)), ("0.1+0.2", .float(0.30000000000000004)), ("2**0.5", .float(2.0.squareRoot())),
        ("1e308*10", .float(.infinity)), ("(-8.0)**3", .float(-512.0)), ("0.0**0", .float(1.0)), ("1+True", .int(2)),
        ("True+True", .int(2)), ("-True", .int(-1)), ("True&False", .bool(false)), ("True|0", .int(1)),
        ("3*1.5", .float(4.5)), ("-0.0", .float(-0.0)),
    ])
    func floatAndBoolSemantics(text: String, expected: PyValue) {
        #expect(eval(text) == expected)
    }

    @Test(arguments: [
        ("42", PyValue.int(42)), ("0x10", .int(16)), ("0XfF", .int(255)), ("0o17", .int(15)), ("0b101", .int(5)),
        ("1_000_000", .int(1_000_000)), ("0x_f", .int(15)), ("00", .int(0)), ("0_0", .int(0)), ("3.14", .float(3.14)),
        ("1e3", .float(1000)), ("1E-2", .float(0.01)), (".5", .float(0.5)), ("108.", .float(108)), ("1.e2", .float(100)),
        ("007.5", .float(7.5)), ("1_0.2_5", .float(10.25)), ("1e400", .float(.infinity)), ("True", .bool(true)),
        ("False", .bool(false)), ("None", .none), (" \t5 # comment", .int(5)),
    ])
    func literals(text: String, expected: PyValue) {
        #expect(eval(text) == expected)
    }

    @Test(arguments: [
        ("(1,2)", PyValue.tuple([.int(1), .int(2)])), ("(1,)", .tuple([.int(1)])), ("()", .tuple([])), ("(1)", .int(1)),
        ("1,2", .tuple([.int(1), .int(2)])), ("1,", .tuple([.int(1)])), ("[1,2,]", .list([.int(1), .int(2)])),
        ("[]", .list([])), ("[(1,2)]", .list([.tuple([.int(1), .int(2)])])), ("(1,)*3", .tuple([.int(1), .int(1), .int(1)])),
        ("2*[0]", .list([.int(0), .int(0)])), ("(1,)+(2,)", .tuple([.int(1), .int(2)])), ("[1]*-1", .list([])),
        ("((()))", .tuple([])),
    ])
    func tuplesAndLists(text: String, expected: PyValue) {
        #expect(eval(text) == expected)
    }

    /// Everything CPython rejects with an exception, and what this subset leaves out.
    @Test(arguments: [
        "", "1 2", "0123", "1__0", "1_", "0x", "0b2", "1e", "1a", "1j", "1.5j", "x", "true", "(", ")", "(1", "1)", "(,)",
        "(1,,2)", "1+", "*1", "1/0", "1//0", "1%0", "1.0/0", "0**-1", "0.0**-1", "(-8)**0.5", "10.0**400", "~1.5",
        "1<<-1", "(1,)+[1]", "(1,)*1.5", "None+1", "[1]-[1]", "'a'", "abs(1)", "(1,2)[0]", "1 if 1 else 2", "1<2",
        "9223372036854775808", "9223372036854775807+1", "3**99", "(0,)*10**6", "1.5.2", "..5", "0x1.5", "1@2",
    ])
    func rejected(text: String) {
        #expect(eval(text) == nil)
    }

    @Test func nestingStopsAtCPythonsLimit() {
        let depth = PythonExpression.maximumNesting
        let deepest = String(repeating: "(", count: depth) + "7" + String(repeating: ")", count: depth)
        let tooDeep = "(" + deepest + ")"
        #expect(eval(deepest) == .int(7))
        #expect(eval(tooDeep) == nil)
        #expect(eval(String(repeating: "-", count: 100_001) + "1") == .int(-1))
    }

    // MARK: Properties

    @Test func integersRoundTripInEveryBase() {
        var generator = SplitMix64(seed: 1)
        for _ in 0..<2_000 {
            let value = Int.random(in: Int.min + 1...Int.max, using: &generator)
            let magnitude = value.magnitude
            let sign = value < 0 ? "-" : ""
            #expect(eval(String(value)) == .int(value))
            #expect(eval(sign + "0x" + String(magnitude, radix: 16)) == .int(value))
            #expect(eval(sign + "0o" + String(magnitude, radix: 8)) == .int(value))
            #expect(eval(sign + "0b" + String(magnitude, radix: 2)) == .int(value))
            #expect(eval(sign + Self.withUnderscores(String(magnitude))) == .int(value))
        }
    }

    @Test func floorDivisionAndModuloAgree() {
        var generator = SplitMix64(seed: 2)
        for _ in 0..<2_000 {
            let a = Int.random(in: -1_000_000...1_000_000, using: &generator)
            var b = Int.random(in: -1_000...1_000, using: &generator)
            if b == 0 { b = 7 }
            guard case .int(let quotient) = eval("\(a)//(\(b))"), case .int(let remainder) = eval("\(a)%(\(b))") else {
                Issue.record("\(a) and \(b) should divide")
                continue
            }
            #expect(quotient * b + remainder == a)
            #expect(remainder == 0 || (remainder < 0) == (b < 0))
            #expect(remainder.magnitude < b.magnitude)
        }
    }

    @Test func arithmeticMatchesSwiftWhereNothingOverflows() {
        var generator = SplitMix64(seed: 3)
        for _ in 0..<2_000 {
            let a = Int.random(in: -10_000...10_000, using: &generator)
            let b = Int.random(in: -10_000...10_000, using: &generator)
            let c = Int.random(in: 0...4, using: &generator)
            #expect(eval("\(a) + \(b) * \(c)") == .int(a + b * c))
            #expect(eval("(\(a) - \(b)) * -\(c)") == .int((a - b) * -c))
            #expect(eval("\(a) - \(b) - \(c)") == .int(a - b - c))
            #expect(eval("(\(a)) ** \(c)") == .int((0..<c).reduce(1) { acc, _ in acc * a }))
            if b != 0 { #expect(eval("\(a) / \(b)") == .float(Double(a) / Double(b))) }
        }
    }

    @Test func floatLiteralsRoundTrip() {
        var generator = SplitMix64(seed: 4)
        for _ in 0..<2_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            #expect(eval(value.pythonRepr) == .float(value))
        }
    }

    @Test func arbitraryTextNeverCrashes() {
        var generator = SplitMix64(seed: 5)
        let alphabet = Array("0123456789._+-*/%()[],~&|^<>eExXjJTrueFalsNon #\t")
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...16, using: &generator)
            let text = String((0..<length).compactMap { _ in alphabet.randomElement(using: &generator) })
            _ = eval(text)
        }
    }

    /// Inserts `_` at random-looking but deterministic places between digits.
    static func withUnderscores(_ digits: String) -> String {
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && index % 3 == 0 { result.append("_") }
            result.append(digit)
        }
        return result
    }
}
