extension Unicode.Scalar {
    /// The scalar whose Unicode character name is `name` (`LATIN SMALL LETTER A`), for
    /// `\N{…}` in Python regexes.
    ///
    /// The name matches as ICU's `Name-Any` transform, which this replaces, matched it: runs of
    /// pattern white space count as one space and white space at either end is ignored.
    /// Algorithmic names (`CJK UNIFIED IDEOGRAPH-4E00`, `HANGUL SYLLABLE GA`) work; aliases and
    /// named sequences do not. The caller folds case.
    init?(named name: String) {
        let words = name.unicodeScalars.split(whereSeparator: \.properties.isPatternWhitespace)
        let wanted = words.map(String.init).joined(separator: " ")
        guard !wanted.isEmpty else { return nil }
        // The standard library names scalars but has no index by name. Scanning every code
        // point takes about 0.1 s, paid only when a scenario regex uses `\N{…}`.
        for value: UInt32 in 0...0x10FFFF {
            if let scalar = Unicode.Scalar(value), scalar.properties.name == wanted {
                self = scalar
                return
            }
        }
        return nil
    }
}
