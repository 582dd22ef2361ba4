extension String {
    /// The text Python's `repr()` gives for this string, as it appears inside a logged
    /// tuple, list or dict (`'sysmon'`, `"it's"`).
    ///
    /// CPython's rule (unicodeobject.c, `unicode_repr`): single quotes unless the text
    /// contains a single quote and no double quote; backslash and the chosen quote are
    /// backslash-escaped; tab, newline and carriage return become `\t`, `\n`, `\r`; other
    /// control characters and unprintable code points become `\xhh`, `\uhhhh` or `\Uhhhhhhhh`;
    /// printable non-ASCII text is kept as is.
    public var pythonRepr: String {
        let scalars = unicodeScalars
        let quote: Unicode.Scalar = scalars.contains("'") && !scalars.contains("\"") ? "\"" : "'"
        var result = String.UnicodeScalarView()
        result.append(quote)
        for scalar in scalars {
            switch scalar {
            case quote, "\\":
                result.append("\\")
                result.append(scalar)
            case "\t": result.append(contentsOf: "\\t".unicodeScalars)
            case "\n": result.append(contentsOf: "\\n".unicodeScalars)
            case "\r": result.append(contentsOf: "\\r".unicodeScalars)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result.append(contentsOf: Self.hexEscape(scalar.value, marker: "x", width: 2).unicodeScalars)
                } else if scalar.value < 0x7F || Self.isPythonPrintable(scalar) {
                    result.append(scalar)
                } else if scalar.value <= 0xFF {
                    result.append(contentsOf: Self.hexEscape(scalar.value, marker: "x", width: 2).unicodeScalars)
                } else if scalar.value <= 0xFFFF {
                    result.append(contentsOf: Self.hexEscape(scalar.value, marker: "u", width: 4).unicodeScalars)
                } else {
                    result.append(contentsOf: Self.hexEscape(scalar.value, marker: "U", width: 8).unicodeScalars)
                }
            }
        }
        result.append(quote)
        return String(result)
    }

    /// Python's `str.isprintable()` for one code point: everything except the "Other" and
    /// "Separator" categories, the plain space excepted.
    ///
    /// Swift's Unicode tables may be a different Unicode version from the reference
    /// CPython's; only code points assigned in between could disagree.
    private static func isPythonPrintable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned,
            .lineSeparator, .paragraphSeparator, .spaceSeparator:
            return false
        default:
            return true
        }
    }

    /// A backslash escape in lower-case hex, as CPython writes it (`\x07`, `\u200b`).
    private static func hexEscape(_ value: UInt32, marker: String, width: Int) -> String {
        let hex = String(value, radix: 16)
        let padding = String(repeating: "0", count: Swift.max(width - hex.count, 0))
        return "\\\(marker)\(padding)\(hex)"
    }
}
