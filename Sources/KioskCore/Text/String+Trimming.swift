/// Trimming with Foundation's `trimmingCharacters(in:)` semantics, which FoundationEssentials
/// lacks: the settings, calibration and questionnaire readers strip fields exactly as they did
/// with full Foundation, so a file reads the same as before. (Python's `strip()`, which the
/// scenario reader needs, is `Substring.trimmingWhitespace()`.)
///
/// Trimming works on Unicode scalars, not on `Character`s, as Foundation's does: in
/// `" \u{301}x"` the space goes and the combining accent stays, and a CRLF at either end goes
/// whole when line breaks are trimmed.
extension StringProtocol {
    /// The text without leading and trailing spaces and tabs: Foundation's `.whitespaces`,
    /// which is the Unicode space separators (Zs, so also the no-break spaces), the tab, and
    /// U+200B ZERO WIDTH SPACE (a Zs character before Unicode 4.0.1 that Foundation still
    /// counts). Line breaks stay.
    public func trimmingSpacesAndTabs() -> String {
        trimmingUnicodeScalars(where: \.isFoundationWhitespace)
    }

    /// The text without leading and trailing spaces, tabs and line breaks: Foundation's
    /// `.whitespacesAndNewlines`, which adds U+000A…U+000D, U+0085 NEXT LINE and the line and
    /// paragraph separators U+2028 and U+2029 to `trimmingSpacesAndTabs()`'s set.
    public func trimmingSpacesTabsAndLineBreaks() -> String {
        trimmingUnicodeScalars { $0.isFoundationWhitespace || $0.isFoundationNewline }
    }

    /// The text without the leading and trailing Unicode scalars for which `isTrimmed` holds.
    public func trimmingUnicodeScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.whitespaces`.
    fileprivate var isFoundationWhitespace: Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// In Foundation's `CharacterSet.newlines`.
    fileprivate var isFoundationNewline: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
