/// Splits a Python expression into tokens, following CPython 3.11's tokenizer for the
/// subset ``PythonExpression`` understands.
///
/// Numbers follow Python's literal grammar: decimal integers (no leading zeros), `0x`/`0o`/
/// `0b` integers, point and exponent floats, `_` only between digits. Anything the
/// tokenizer would reject, or that this subset does not cover (strings, imaginary numbers,
/// `@`, `.` access), makes ``tokens(_:)`` return `nil`. Integers beyond `Int` are `nil` too:
/// Python's are unbounded, ours are not, so such a value is rejected rather than trapping.
enum PythonLexer {
    /// One token of an expression.
    enum Token: Equatable {
        case int(Int)
        case float(Double)
        /// An identifier; only `True`, `False` and `None` evaluate, others are NameErrors.
        case name(String)
        /// An operator or bracket: `+ - * / // % ** << >> & | ^ ~ ( ) [ ] ,`.
        case symbol(String)
    }

    /// The tokens of `text`, or `nil` if Python would not tokenize it (or this subset cannot).
    static func tokens(_ text: String) -> [Token]? {
        var scanner = Scanner(scalars: Array(text.unicodeScalars))
        return scanner.scanAll()
    }

    private static let symbols: [String] = [
        "**", "//", "<<", ">>", "+", "-", "*", "/", "%", "&", "|", "^", "~", "(", ")", "[", "]", ",",
    ]

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func scanAll() -> [Token]? {
            var tokens: [Token] = []
            while let scalar = peek() {
                switch scalar {
                case " ", "\t", "\u{0C}", "\r", "\n":
                    index += 1
                case "#":
                    return tokens  // A comment runs to the end of the line.
                case "0"..."9":
                    guard let number = scanNumber() else { return nil }
                    tokens.append(number)
                case "." where peek(1).map(Self.isDigit) == true:
                    guard let number = scanNumber() else { return nil }
                    tokens.append(number)
                default:
                    if Self.isNameStart(scalar) {
                        tokens.append(.name(scanName()))
                    } else if let symbol = scanSymbol() {
                        tokens.append(.symbol(symbol))
                    } else {
                        return nil
                    }
                }
            }
            return tokens
        }

        mutating func scanName() -> String {
            var name = String.UnicodeScalarView()
            while let scalar = peek(), Self.isNameContinue(scalar) {
                name.append(scalar)
                index += 1
            }
            return String(name)
        }

        mutating func scanSymbol() -> String? {
            for symbol in PythonLexer.symbols {
                let symbolScalars = Array(symbol.unicodeScalars)
                if symbolScalars.indices.allSatisfy({ peek($0) == symbolScalars[$0] }) {
                    index += symbolScalars.count
                    return symbol
                }
            }
            return nil
        }

        /// A number token; `nil` for malformed literals, imaginary numbers and a number
        /// glued to a name (`1a`, `0b12`), which Python rejects as invalid literals.
        mutating func scanNumber() -> Token? {
            let token: Token?
            if peek() == "0", let radix = peek(1).flatMap(Self.radix) {
                index += 2
                token = scanDigits(radix: radix).flatMap { Int($0, radix: radix) }.map(Token.int)
            } else {
                token = scanDecimal()
            }
            if let next = peek(), Self.isNameContinue(next) { return nil }
            return token
        }

        mutating func scanDecimal() -> Token? {
            var integerPart = ""
            if let scalar = peek(), Self.isDigit(scalar) {
                guard let digits = scanDigits(radix: 10) else { return nil }
                integerPart = digits
            }
            var fractionPart: String?
            if peek() == "." {
                index += 1
                fractionPart = ""
                if let scalar = peek(), Self.isDigit(scalar) {
                    guard let digits = scanDigits(radix: 10) else { return nil }
                    fractionPart = digits
                }
            }
            var exponentPart: String?
            if peek() == "e" || peek() == "E" {
                index += 1
                var sign = ""
                if let scalar = peek(), scalar == "+" || scalar == "-" {
                    sign = String(scalar)
                    index += 1
                }
                guard let scalar = peek(), Self.isDigit(scalar), let digits = scanDigits(radix: 10) else {
                    return nil
                }
                exponentPart = sign + digits
            }
            if fractionPart == nil && exponentPart == nil {
                let hasLeadingZero = integerPart.count > 1 && integerPart.hasPrefix("0")
                if hasLeadingZero && integerPart.contains(where: { $0 != "0" }) { return nil }
                return Int(integerPart).map(Token.int)
            }
            let text =
                (integerPart.isEmpty ? "0" : integerPart) + "." + ((fractionPart ?? "").isEmpty ? "0" : fractionPart ?? "0")
                + (exponentPart.map { "e" + $0 } ?? "")
            return Double(text).map(Token.float)
        }

        /// `digit (["_"] digit)*` in `radix`, underscores removed; after a `0x`-style
        /// prefix an underscore may also come first. `nil` if an underscore is not
        /// followed by a digit or no digit is found.
        mutating func scanDigits(radix: Int) -> String? {
            var digits = ""
            while let scalar = peek() {
                if scalar == "_" {
                    guard let next = peek(1), Self.isDigit(next, radix: radix) else { return nil }
                    index += 1
                } else if Self.isDigit(scalar, radix: radix) {
                    digits.unicodeScalars.append(scalar)
                    index += 1
                } else {
                    break
                }
            }
            return digits.isEmpty ? nil : digits
        }

        static func radix(_ scalar: Unicode.Scalar) -> Int? {
            switch scalar {
            case "x", "X": 16
            case "o", "O": 8
            case "b", "B": 2
            default: nil
            }
        }

        static func isDigit(_ scalar: Unicode.Scalar) -> Bool { isDigit(scalar, radix: 10) }

        static func isDigit(_ scalar: Unicode.Scalar, radix: Int) -> Bool {
            switch scalar {
            case "0"..."9": Int(scalar.value - 48) < radix
            case "a"..."f": radix == 16
            case "A"..."F": radix == 16
            default: false
            }
        }

        static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || (scalar.isASCII ? scalar.properties.isAlphabetic : scalar.properties.isXIDStart)
        }

        static func isNameContinue(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || (scalar.isASCII ? scalar.properties.isAlphabetic || isDigit(scalar) : scalar.properties.isXIDContinue)
        }
    }
}
