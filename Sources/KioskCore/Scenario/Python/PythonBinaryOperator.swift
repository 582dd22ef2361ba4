import RealModule

/// A binary operator of a Python expression, with CPython's semantics on ints, floats,
/// bools, tuples and lists.
///
/// ``apply(_:_:)`` returns `nil` wherever Python raises (TypeError, ZeroDivisionError,
/// OverflowError, ValueError, a complex result) and wherever an `Int` result would overflow,
/// since Python ints are unbounded and ours are not.
enum PythonBinaryOperator: String, CaseIterable, Hashable, Sendable {
    case bitOr = "|", bitXor = "^", bitAnd = "&"
    case leftShift = "<<", rightShift = ">>"
    case add = "+", subtract = "-"
    case multiply = "*", trueDivide = "/", floorDivide = "//", modulo = "%"
    case power = "**"

    /// Binding strength, higher binds tighter; unary operators sit at 7, between `*` and `**`.
    var precedence: Int {
        switch self {
        case .bitOr: 1
        case .bitXor: 2
        case .bitAnd: 3
        case .leftShift, .rightShift: 4
        case .add, .subtract: 5
        case .multiply, .trueDivide, .floorDivide, .modulo: 6
        case .power: 8
        }
    }

    /// `**` groups to the right (`2**3**2` is `2**9`); all others to the left.
    var isRightAssociative: Bool { self == .power }

    /// Longest sequence `*` and `+` may build, so a literal cannot exhaust memory.
    static let maximumSequenceLength = 10_000

    /// The result of `left <op> right`, or `nil` where Python raises or `Int` overflows.
    func apply(_ left: PyValue, _ right: PyValue) -> PyValue? {
        if let result = applySequence(left, right) { return result }
        guard let a = PythonNumber(left), let b = PythonNumber(right) else { return nil }
        switch self {
        case .bitOr, .bitXor, .bitAnd:
            guard case .int(let x) = a, case .int(let y) = b else { return nil }
            let value = self == .bitOr ? x | y : self == .bitXor ? x ^ y : x & y
            if case .bool = left, case .bool = right { return .bool(value != 0) }
            return .int(value)
        case .leftShift, .rightShift:
            guard case .int(let x) = a, case .int(let y) = b, y >= 0 else { return nil }
            return shift(x, by: y).map(PyValue.int)
        case .add, .subtract, .multiply, .trueDivide, .floorDivide, .modulo, .power:
            break
        }
        switch (a, b) {
        case (.int(let x), .int(let y)): return integer(x, y)
        case (.int(let x), .float(let y)): return float(Double(x), y)
        case (.float(let x), .int(let y)): return float(x, Double(y))
        case (.float(let x), .float(let y)): return float(x, y)
        }
    }

    /// `+` on two tuples or two lists, `*` of a tuple or list by an int; `nil` otherwise.
    private func applySequence(_ left: PyValue, _ right: PyValue) -> PyValue? {
        switch (self, left, right) {
        case (.add, .tuple(let x), .tuple(let y)):
            return x.count + y.count <= Self.maximumSequenceLength ? .tuple(x + y) : nil
        case (.add, .list(let x), .list(let y)):
            return x.count + y.count <= Self.maximumSequenceLength ? .list(x + y) : nil
        case (.multiply, .tuple(let items), _), (.multiply, _, .tuple(let items)):
            return repeated(items, left: left, right: right).map(PyValue.tuple)
        case (.multiply, .list(let items), _), (.multiply, _, .list(let items)):
            return repeated(items, left: left, right: right).map(PyValue.list)
        default:
            return nil
        }
    }

    private func repeated(_ items: [PyValue], left: PyValue, right: PyValue) -> [PyValue]? {
        let factor: PythonNumber?
        switch (left, right) {
        case (.tuple, .tuple), (.list, .list), (.tuple, .list), (.list, .tuple): factor = nil
        case (.tuple, _), (.list, _): factor = PythonNumber(right)
        default: factor = PythonNumber(left)
        }
        guard case .int(let count) = factor else { return nil }
        guard count > 0, !items.isEmpty else { return [] }
        guard count <= Self.maximumSequenceLength / items.count else { return nil }
        return Array([[PyValue]](repeating: items, count: count).joined())
    }

    private func shift(_ x: Int, by count: Int) -> Int? {
        if self == .rightShift { return count >= Int.bitWidth ? (x < 0 ? -1 : 0) : x >> count }
        if x == 0 { return 0 }
        guard count < Int.bitWidth - 1 else { return nil }
        let shifted = x << count
        return shifted >> count == x ? shifted : nil
    }

    private func integer(_ x: Int, _ y: Int) -> PyValue? {
        switch self {
        case .add: return checked(x.addingReportingOverflow(y))
        case .subtract: return checked(x.subtractingReportingOverflow(y))
        case .multiply: return checked(x.multipliedReportingOverflow(by: y))
        case .trueDivide: return float(Double(x), Double(y))
        case .floorDivide, .modulo:
            guard y != 0 else { return nil }
            let (quotient, overflow) = x.dividedReportingOverflow(by: y)
            guard !overflow else { return nil }
            let remainder = x.remainderReportingOverflow(dividingBy: y).partialValue
            let adjust = remainder != 0 && (remainder < 0) != (y < 0)
            return .int(self == .modulo ? (adjust ? remainder + y : remainder) : (adjust ? quotient - 1 : quotient))
        case .power:
            if y < 0 { return float(Double(x), Double(y)) }
            return integerPower(x, y).map(PyValue.int)
        case .bitOr, .bitXor, .bitAnd, .leftShift, .rightShift: return nil
        }
    }

    private func checked(_ result: (partialValue: Int, overflow: Bool)) -> PyValue? {
        result.overflow ? nil : .int(result.partialValue)
    }

    private func integerPower(_ base: Int, _ exponent: Int) -> Int? {
        var result = 1, factor = base, remaining = exponent
        while remaining > 0 {
            if remaining & 1 == 1 {
                let (product, overflow) = result.multipliedReportingOverflow(by: factor)
                guard !overflow else { return nil }
                result = product
            }
            remaining >>= 1
            if remaining > 0 {
                let (square, overflow) = factor.multipliedReportingOverflow(by: factor)
                guard !overflow else { return nil }
                factor = square
            }
        }
        return result
    }

    private func float(_ x: Double, _ y: Double) -> PyValue? {
        switch self {
        case .add: return .float(x + y)
        case .subtract: return .float(x - y)
        case .multiply: return .float(x * y)
        case .trueDivide: return y == 0 ? nil : .float(x / y)
        case .floorDivide: return floatDivmod(x, y).map { .float($0.quotient) }
        case .modulo: return floatDivmod(x, y).map { .float($0.remainder) }
        case .power: return floatPower(x, y).map(PyValue.float)
        case .bitOr, .bitXor, .bitAnd, .leftShift, .rightShift: return nil
        }
    }

    /// CPython's `float_divmod`: a remainder with the divisor's sign and a floored quotient.
    private func floatDivmod(_ x: Double, _ y: Double) -> (quotient: Double, remainder: Double)? {
        guard y != 0 else { return nil }
        var remainder = x.truncatingRemainder(dividingBy: y)
        var division = (x - remainder) / y
        if remainder != 0 {
            if (y < 0) != (remainder < 0) {
                remainder += y
                division -= 1
            }
        } else {
            remainder = Double(signOf: y, magnitudeOf: 0)
        }
        var quotient: Double
        if division != 0 {
            quotient = division.rounded(.down)
            if division - quotient > 0.5 { quotient += 1 }
        } else {
            quotient = Double(signOf: x / y, magnitudeOf: 0)
        }
        return (quotient, remainder)
    }

    /// CPython's `float_pow`: `nil` for 0 to a negative power, a complex result, or a
    /// finite result that overflows.
    private func floatPower(_ x: Double, _ y: Double) -> Double? {
        if y == 0 { return 1 }
        if x.isNaN { return x }
        if y.isNaN { return x == 1 ? 1 : y }
        let yIsOddInteger = y.isFinite && y.rounded(.towardZero) == y && y.truncatingRemainder(dividingBy: 2).magnitude == 1
        if y.isInfinite {
            let magnitude = x.magnitude
            if magnitude == 1 { return 1 }
            return (y > 0) == (magnitude > 1) ? .infinity : 0
        }
        if x.isInfinite {
            if y > 0 { return yIsOddInteger ? x : x.magnitude }
            return yIsOddInteger ? Double(signOf: x, magnitudeOf: 0) : 0
        }
        if x == 0 {
            guard y > 0 else { return nil }
            return yIsOddInteger ? x : 0
        }
        var base = x
        var negate = false
        if base < 0 {
            guard y.rounded(.towardZero) == y else { return nil }
            base = -base
            negate = yIsOddInteger
        }
        if base == 1 { return negate ? -1 : 1 }
        let result = Double.pow(base, y)
        guard result.isFinite else { return nil }
        return negate ? -result : result
    }
}
