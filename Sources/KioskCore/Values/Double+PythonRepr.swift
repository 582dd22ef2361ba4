extension Double {
    /// The text Python's `repr()` (and `str()`) gives for this float.
    ///
    /// Python prints the shortest digits that read back to the same double, in fixed notation
    /// when the decimal exponent lies in [-4, 16) and in exponent notation otherwise, always
    /// with a `.0` or an exponent so the value reads as a float: `150.0`, `0.0001`, `1e-05`,
    /// `1234567890123456.0`, `1e+16`, `1.5e+20`, `-0.0`, `nan`, `inf`, `-inf`.
    /// Swift's `description` has the same digits but another layout (`1.234567890123456e+15`),
    /// so the digits are taken from it and laid out again. No locale is involved.
    public var pythonRepr: String {
        if isNaN { return "nan" }
        if isInfinite { return self < 0 ? "-inf" : "inf" }
        if self == 0 { return sign == .minus ? "-0.0" : "0.0" }
        // In this range Swift's layout is already Python's (`150.0`, `0.0001`, `2.429249`),
        // and nearly every logged float falls in it; skip the re-layout.
        if magnitude >= 1e-4 && magnitude < 1e15 { return description }
        return pythonReprFromDigits
    }

    /// `pythonRepr` laid out from the shortest digits, valid for every finite non-zero value.
    var pythonReprFromDigits: String {
        let (digits, pointPosition) = magnitude.shortestDigits()
        let sign = self < 0 ? "-" : ""
        // CPython's float_repr_style 'short' (pystrtod.c): exponent form when the decimal
        // point would sit more than 4 places before the first digit or more than 16 after it.
        if pointPosition <= -4 || pointPosition > 16 {
            let exponent = pointPosition - 1
            var mantissa = String(digits.prefix(1))
            if digits.count > 1 { mantissa += "." + digits.dropFirst() }
            let exponentDigits = String(exponent.magnitude)
            let padding = exponentDigits.count < 2 ? "0" : ""
            return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + padding + exponentDigits
        }
        if pointPosition <= 0 {
            return sign + "0." + String(repeating: "0", count: -pointPosition) + digits
        }
        if pointPosition >= digits.count {
            return sign + digits + String(repeating: "0", count: pointPosition - digits.count) + ".0"
        }
        let split = digits.index(digits.startIndex, offsetBy: pointPosition)
        return sign + digits[..<split] + "." + digits[split...]
    }

    /// The shortest round-trip digits of a positive finite value, and where its point goes.
    ///
    /// The digits have no leading or trailing zeros; value = 0.`digits` × 10^`point`.
    private func shortestDigits() -> (digits: String, point: Int) {
        // Swift's description is the shortest round-trip form, like `1e-05`, `0.0001` or
        // `1.234567890123456e+15`; only its layout differs from Python's.
        let text = description
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts.first ?? Substring(text)
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let pieces = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integerPart = pieces.first ?? ""
        let fractionPart = pieces.count > 1 ? pieces[1] : ""
        var digits = Substring(integerPart + fractionPart)
        var point = integerPart.count + exponent
        while digits.first == "0" {
            digits = digits.dropFirst()
            point -= 1
        }
        while digits.last == "0" { digits = digits.dropLast() }
        return (String(digits), point)
    }
}
