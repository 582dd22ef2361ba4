/// The inline flags `(?aiLmstux)`.
struct RegexFlags: OptionSet, Hashable {
    let rawValue: Int

    static let ignoreCase = RegexFlags(rawValue: 1 << 0)
    static let locale = RegexFlags(rawValue: 1 << 1)
    static let multiline = RegexFlags(rawValue: 1 << 2)
    static let dotAll = RegexFlags(rawValue: 1 << 3)
    static let verbose = RegexFlags(rawValue: 1 << 4)
    static let ascii = RegexFlags(rawValue: 1 << 5)
    static let template = RegexFlags(rawValue: 1 << 6)
    static let unicode = RegexFlags(rawValue: 1 << 7)
    /// The flags that choose a character model; at most one may be on.
    static let types: RegexFlags = [.ascii, .locale, .unicode]

    init(rawValue: Int) { self.rawValue = rawValue }

    /// The flag a letter names, or `nil`.
    init?(letter: Unicode.Scalar) {
        switch letter {
        case "i": self = .ignoreCase
        case "L": self = .locale
        case "m": self = .multiline
        case "s": self = .dotAll
        case "x": self = .verbose
        case "a": self = .ascii
        case "t": self = .template
        case "u": self = .unicode
        default: return nil
        }
    }

    var isType: Bool { !isDisjoint(with: .types) }
}
