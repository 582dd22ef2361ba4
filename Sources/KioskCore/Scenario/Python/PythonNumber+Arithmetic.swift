/// Python's arithmetic on the counters tasks keep in milliseconds: an int stays an int
/// (`1800`), anything touching a float becomes a float (`1800.0`), which is what the log
/// then shows (docs/openmatb-behaviour.md: Parameter validators).
extension PythonNumber {
    /// The number as a `Double`, for comparisons and geometry.
    var doubleValue: Double {
        switch self {
        case .int(let i): Double(i)
        case .float(let d): d
        }
    }

    /// The value to store in a parameter or log: an int or a float, as Python holds it.
    var pyValue: PyValue {
        switch self {
        case .int(let i): .int(i)
        case .float(let d): .float(d)
        }
    }

    /// Whether Python's `isinstance(x, int)` holds.
    var isInteger: Bool {
        if case .int = self { return true }
        return false
    }

    static func + (a: PythonNumber, b: PythonNumber) -> PythonNumber {
        if case .int(let x) = a, case .int(let y) = b {
            let (sum, overflow) = x.addingReportingOverflow(y)
            return overflow ? .float(Double(x) + Double(y)) : .int(sum)
        }
        return .float(a.doubleValue + b.doubleValue)
    }

    static func - (a: PythonNumber, b: PythonNumber) -> PythonNumber {
        if case .int(let x) = a, case .int(let y) = b {
            let (difference, overflow) = x.subtractingReportingOverflow(y)
            return overflow ? .float(Double(x) - Double(y)) : .int(difference)
        }
        return .float(a.doubleValue - b.doubleValue)
    }
}
