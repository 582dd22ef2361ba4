/// The character sets of Python's `string` module and rstr 3.1.0's alphabets, as code
/// points in the order rstr draws from them.
enum PythonAlphabets {
    /// `string.digits`.
    static let digits = codes("0123456789")
    /// `string.ascii_letters` (lower case first).
    static let asciiLetters = codes("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    /// `string.punctuation`.
    static let punctuation = codes("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
    /// `string.whitespace`: space, tab, LF, CR, VT, FF.
    static let whitespace = codes(" \t\n\r\u{0B}\u{0C}")
    /// `string.printable` = digits + letters + punctuation + whitespace (100 characters).
    static let printable = digits + asciiLetters + punctuation + whitespace
    /// `string.printable` without `\n`: what rstr draws for `.`.
    static let printableWithoutNewline = printable.filter { $0 != 10 }

    /// rstr `nondigits` (`\D`): letters + punctuation.
    static let nonDigits = asciiLetters + punctuation
    /// rstr `nonwhitespace` (`\S`): `string.printable.strip()`.
    static let nonWhitespace = digits + asciiLetters + punctuation
    /// rstr `word` (`\w`): letters + digits + `_`.
    static let word = asciiLetters + digits + [95]
    /// rstr's `nonword` alphabet (`\W`), in `string.printable` order.
    ///
    /// rstr builds it from a Python `set`, whose order changes with the interpreter's
    /// string-hash seed, so OpenMATB itself is not reproducible here; we use
    /// `string.printable` order (same characters, same count, same draws).
    static let nonWord = printable.filter { !word.contains($0) }

    /// The candidates of a class category, in rstr order.
    static func category(_ category: PythonRegexNode.Category) -> [UInt32] {
        switch category {
        case .digit: digits
        case .notDigit: nonDigits
        case .space: whitespace
        case .notSpace: nonWhitespace
        case .word: word
        case .notWord: nonWord
        }
    }

    private static func codes(_ text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value)
    }
}
