/// The part of TOML study plans are written in (docs/plans.md), read by hand: tables,
/// arrays of tables, `key = value` lines with strings, integers, floats and booleans, and
/// comments. Anything else in TOML (arrays, inline tables, dotted keys, multi-line strings,
/// dates) is refused with its place. Every value keeps its line and column, so a plan's
/// problems are reported where they are.
///
/// Written here rather than taken from TOMLKit: that library brings all of Foundation with
/// it (ICU's data: 48 MB more binary and 3 MB more resident memory in every session,
/// scripts/bench) and keeps no places for values.
public struct TOMLDocument: Sendable {
    public struct Value: Sendable {
        public enum Kind: Hashable, Sendable {
            case string(String), integer(Int), float(Double), boolean(Bool)
        }
        public var kind: Kind
        public var line: Int
        public var column: Int

        public var string: String? { if case .string(let s) = kind { s } else { nil } }
        public var boolean: Bool? { if case .boolean(let b) = kind { b } else { nil } }
        /// The value as a settings file would write it: `always`, `0.1`, `true`.
        public var text: String {
            switch kind {
            case .string(let s): s
            case .integer(let i): String(i)
            case .float(let f): String(f)
            case .boolean(let b): b ? "true" : "false"
            }
        }

        /// An integer or a float, as a number.
        public var number: Double? {
            switch kind {
            case .integer(let i): Double(i)
            case .float(let f): f
            default: nil
            }
        }
    }

    public struct Table: Sendable {
        public var name: String
        /// Where its header is (the top of the file for the root table).
        public var line: Int
        public var column: Int
        /// Keys in file order, with where each key starts.
        public var entries: [(key: String, line: Int, column: Int, value: Value)] = []

        public subscript(key: String) -> Value? { entries.first { $0.key == key }?.value }
        public var keys: [String] { entries.map(\.key) }
        public func place(of key: String) -> (line: Int, column: Int)? {
            entries.first { $0.key == key }.map { ($0.line, $0.column) }
        }
    }

    public struct SyntaxError: Error, Hashable, Sendable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    public var root = Table(name: "", line: 1, column: 1)
    /// `[name]` tables.
    public var tables: [String: Table] = [:]
    /// `[[name]]` tables, in file order.
    public var arrays: [String: [Table]] = [:]
    /// Table and array names in the order they first appear.
    public var order: [String] = []

    public static func parse(_ text: String) -> Result<TOMLDocument, SyntaxError> {
        var document = TOMLDocument()
        enum Current { case root, table(String), array(String) }
        var current = Current.root
        // By scalars: "\r\n" is one Character, so a String would not split there. A byte-order
        // mark (which TOML allows, and Windows editors write) is not part of the first line.
        let scalars = text.unicodeScalars.first == "\u{FEFF}" ? text.unicodeScalars.dropFirst() : Substring(text).unicodeScalars[...]
        for (index, rawLine) in scalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let line = Array(rawLine.last == "\r" ? rawLine.dropLast() : rawLine)
            var cursor = Cursor(scalars: line, line: lineNumber)
            cursor.skipSpaces()
            if cursor.atEndOrComment { continue }
            let start = cursor.column
            if cursor.peek == "[" {
                let isArray = cursor.peek(at: 1) == "["
                cursor.advance(isArray ? 2 : 1)
                cursor.skipSpaces()
                let name: String
                switch cursor.key() {
                case .success(let key): name = key
                case .failure(let error): return .failure(error)
                }
                cursor.skipSpaces()
                guard cursor.expect(isArray ? "]]" : "]") else {
                    return .failure(cursor.error("expected `\(isArray ? "]]" : "]")` after the table name"))
                }
                cursor.skipSpaces()
                guard cursor.atEndOrComment else { return .failure(cursor.error("nothing may follow a table header but a comment")) }
                if !document.order.contains(name) { document.order.append(name) }
                let table = Table(name: name, line: lineNumber, column: start)
                if isArray {
                    guard document.tables[name] == nil else { return .failure(SyntaxError(line: lineNumber, column: start, message: "[\(name)] is already a table")) }
                    document.arrays[name, default: []].append(table)
                    current = .array(name)
                } else {
                    guard document.tables[name] == nil, document.arrays[name] == nil else {
                        return .failure(SyntaxError(line: lineNumber, column: start, message: "[\(name)] is defined twice"))
                    }
                    document.tables[name] = table
                    current = .table(name)
                }
                continue
            }
            let key: String
            switch cursor.key() {
            case .success(let read): key = read
            case .failure(let error): return .failure(error)
            }
            cursor.skipSpaces()
            guard cursor.expect("=") else { return .failure(cursor.error("expected `=` after the key `\(key)`")) }
            cursor.skipSpaces()
            let value: Value
            switch cursor.value() {
            case .success(let read): value = read
            case .failure(let error): return .failure(error)
            }
            cursor.skipSpaces()
            guard cursor.atEndOrComment else { return .failure(cursor.error("nothing may follow a value but a comment")) }
            func add(to table: inout Table) -> SyntaxError? {
                if table.entries.contains(where: { $0.key == key }) {
                    return SyntaxError(line: lineNumber, column: start, message: "`\(key)` is set twice in \(table.name.isEmpty ? "the file" : "[\(table.name)]")")
                }
                table.entries.append((key, lineNumber, start, value))
                return nil
            }
            let problem: SyntaxError?
            switch current {
            case .root: problem = add(to: &document.root)
            case .table(let name): problem = add(to: &document.tables[name]!)
            case .array(let name): problem = add(to: &document.arrays[name]![document.arrays[name]!.count - 1])
            }
            if let problem { return .failure(problem) }
        }
        return .success(document)
    }

    /// Reads one line from left to right.
    private struct Cursor {
        let scalars: [Unicode.Scalar]
        let line: Int
        var index = 0

        var column: Int { index + 1 }
        var peek: Unicode.Scalar? { peek(at: 0) }
        func peek(at offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        var atEndOrComment: Bool { peek == nil || peek == "#" }

        mutating func advance(_ count: Int = 1) { index += count }
        mutating func skipSpaces() { while peek == " " || peek == "\t" { index += 1 } }

        mutating func expect(_ text: String) -> Bool {
            let wanted = Array(text.unicodeScalars)
            guard index + wanted.count <= scalars.count, Array(scalars[index..<index + wanted.count]) == wanted else { return false }
            index += wanted.count
            return true
        }

        func error(_ message: String) -> SyntaxError { SyntaxError(line: line, column: column, message: message) }

        static func isBare(_ s: Unicode.Scalar) -> Bool {
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_" || s == "-")
        }

        mutating func key() -> Result<String, SyntaxError> {
            let key: String
            if peek == "\"" || peek == "'" {
                switch string() {
                case .success(let s): key = s
                case .failure(let e): return .failure(e)
                }
            } else {
                let start = index
                while let s = peek, Self.isBare(s) { index += 1 }
                guard index > start else { return .failure(error("expected a key (letters, digits, `_` and `-`, or a quoted string)")) }
                key = String(String.UnicodeScalarView(scalars[start..<index]))
            }
            if peek == "." { return .failure(error("dotted keys are not used in plans; write the table as [name]")) }
            return .success(key)
        }

        mutating func value() -> Result<Value, SyntaxError> {
            let (line, column) = (self.line, self.column)
            func made(_ kind: Value.Kind) -> Result<Value, SyntaxError> { .success(Value(kind: kind, line: line, column: column)) }
            switch peek {
            case "\"", "'":
                if peek(at: 1) == peek, peek(at: 2) == peek { return .failure(error("multi-line strings are not used in plans")) }
                return string().map { Value(kind: .string($0), line: line, column: column) }
            case "[": return .failure(error("arrays are not used in plans"))
            case "{": return .failure(error("inline tables are not used in plans"))
            case nil: return .failure(error("expected a value after `=`"))
            default: break
            }
            let start = index
            while let s = peek, s != " " && s != "\t" && s != "#" { index += 1 }
            let word = String(String.UnicodeScalarView(scalars[start..<index]))
            if word == "true" { return made(.boolean(true)) }
            if word == "false" { return made(.boolean(false)) }
            let digits = word.filter { $0 != "_" }
            if !digits.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int(digits) { return made(.integer(integer)) }
            if digits.first?.isNumber == true || digits.first == "-" || digits.first == "+", let float = Double(digits), float.isFinite {
                return made(.float(float))
            }
            index = start
            return .failure(error("expected a value: a \"string\", a number, true or false; got `\(word)`"))
        }

        /// A basic ("…", with escapes) or literal ('…') string on this line.
        mutating func string() -> Result<String, SyntaxError> {
            let quote = peek!
            let opening = column
            advance()
            var out = String.UnicodeScalarView()
            while let s = peek {
                advance()
                if s == quote { return .success(String(out)) }
                guard quote == "\"", s == "\\" else {
                    out.append(s)
                    continue
                }
                guard let escaped = peek else { break }
                advance()
                switch escaped {
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "u", "U":
                    let length = escaped == "u" ? 4 : 8
                    let hex = String(String.UnicodeScalarView(scalars[index..<min(scalars.count, index + length)]))
                    guard hex.count == length, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                        return .failure(error("`\\\(escaped)` needs \(length) hexadecimal digits of a character"))
                    }
                    out.append(scalar)
                    advance(length)
                default:
                    return .failure(SyntaxError(line: line, column: column - 1, message: "unknown escape `\\\(escaped)`"))
                }
            }
            return .failure(SyntaxError(line: line, column: opening, message: "this string is not closed on its line"))
        }
    }
}
