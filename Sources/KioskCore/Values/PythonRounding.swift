/// Python's `round()` on floats, bit for bit (docs/openmatb-behaviour.md: Log format, Python rounding,
/// Reference values).
///
/// Python rounds the *exact* binary value of the double to the requested decimal place,
/// ties to even, then takes the double nearest to that decimal. Scaling by `10^n` and
/// calling `rounded()` gets cases like `round(2.675, 2) == 2.67` wrong, so this works on
/// the exact decimal expansion instead.
public enum PythonRounding {
    /// Python's `round(x, digits)`: the double nearest to `x` rounded half-even at `digits`
    /// decimal places (negative `digits` round to tens, hundreds…).
    ///
    /// NaN, infinities and zeros come back unchanged, as in Python. Where Python raises
    /// `OverflowError` (rounding a huge value up past `Double.greatestFiniteMagnitude` with
    /// negative `digits`) this returns an infinity of the same sign.
    /// - Parameters:
    ///   - x: The value to round.
    ///   - digits: Decimal places to keep.
    /// - Returns: The rounded value.
    public static func round(_ x: Double, digits: Int) -> Double {
        guard x.isFinite, x != 0 else { return x }
        // CPython's own cut-offs (floatobject.c, NDIGITS_MAX and NDIGITS_MIN): beyond them the
        // answer is `x` itself or a signed zero.
        if digits > 323 { return x }
        if digits < -308 { return 0.0 * x }
        return roundedAwayFromTies(x, digits: digits) ?? roundedExactly(x, digits: digits)
    }

    /// Rounding on the exact decimal expansion of `x`; always right, but slow.
    static func roundedExactly(_ x: Double, digits: Int) -> Double {
        guard let exact = ExactDecimal(x) else { return x }
        let dropCount = exact.fractionDigits - digits
        // The expansion already ends at or before the requested place.
        if dropCount <= 0 { return x }

        let allDigits = exact.digits
        let keptCount = max(allDigits.count - dropCount, 0)
        var kept = Array(allDigits[0..<keptCount])
        if dropCount <= allDigits.count {
            let firstDropped = allDigits[keptCount]
            let restIsNonzero = allDigits[(keptCount + 1)...].contains { $0 != 0 }
            let lastKeptIsOdd = (kept.last ?? 0) % 2 == 1
            if firstDropped > 5 || (firstDropped == 5 && (restIsNonzero || lastKeptIsOdd)) {
                incrementDecimal(&kept)
            }
        }
        // Otherwise every kept digit is an implicit zero and the dropped part is below a half.
        guard !kept.isEmpty else { return exact.isNegative ? -0.0 : 0.0 }

        var text = exact.isNegative ? "-" : ""
        text.unicodeScalars.append(contentsOf: kept.map { Unicode.Scalar($0 + 0x30) })
        text += "e\(-digits)"
        // Swift's parser rounds correctly to nearest, as CPython's `_Py_dg_strtod` does.
        return Double(text) ?? x
    }

    /// The common case without the exact expansion, which costs microseconds per call and
    /// dominates headless runs (every log row rounds two times): when `x · 10^digits`,
    /// computed in doubles, is clearly away from a half, its rounding to an integer `k` is
    /// the exact one, and `k / 10^digits` (one correctly rounded division of exact
    /// operands) is the double nearest to the decimal. Near a tie it returns nil.
    static func roundedAwayFromTies(_ x: Double, digits: Int) -> Double? {
        guard (0...22).contains(digits) else { return nil }
        let scale = exactPowersOfTen[digits]
        let scaled = x * scale
        guard abs(scaled) < 0x1p52 else { return nil }
        let distanceFromHalf = abs(abs(scaled - scaled.rounded(.down)) - 0.5)
        // The product is off the exact one by at most half an ulp; keep a wide margin.
        guard distanceFromHalf > 4 * scaled.ulp else { return nil }
        let result = scaled.rounded(.toNearestOrEven) / scale
        return result == 0 ? (x < 0 ? -0.0 : 0.0) : result
    }

    /// 10^0 … 10^22, every one exactly representable as a double.
    private static let exactPowersOfTen: [Double] = (0...22).map { power in
        (0..<power).reduce(1.0) { value, _ in value * 10 }
    }

    /// Python's `round(x, 1)`, used for radio frequencies and deviations (docs/openmatb-behaviour.md: Python
    /// rounding).
    /// - Parameter x: The value to round.
    /// - Returns: `x` rounded half-even to one decimal place on its exact binary value.
    public static func round1(_ x: Double) -> Double {
        round(x, digits: 1)
    }

    /// Python's `round(x, 6)`, applied to every numeric column of the session log
    /// (docs/openmatb-behaviour.md: Log format).
    /// - Parameter x: The value to round.
    /// - Returns: `x` rounded half-even to six decimal places on its exact binary value.
    public static func round6(_ x: Double) -> Double {
        round(x, digits: 6)
    }

    /// Python's `round(x)` with no digits: the nearest integer, ties to even.
    ///
    /// Python raises for NaN and infinities; this returns `nil` for them and for values
    /// outside `Int`'s range.
    /// - Parameter x: The value to round.
    /// - Returns: The nearest integer, halves going to the even neighbour (`round(2.5) == 2`).
    public static func roundToInt(_ x: Double) -> Int? {
        Int(exactly: x.rounded(.toNearestOrEven))
    }

    /// Adds one unit in the last place to a big-endian list of decimal digits.
    private static func incrementDecimal(_ digits: inout [UInt8]) {
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] < 9 {
                digits[index] += 1
                return
            }
            digits[index] = 0
            index -= 1
        }
        digits.insert(1, at: 0)
    }
}
