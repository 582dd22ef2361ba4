/// Reads the HTML subset OpenMATB's instruction files use (docs/openmatb-behaviour.md: Instructions) into
/// ``RichText``.
///
/// Block tags `h1`, `h2`, `p`, `center`, `div`, `ul`, `ol`, `li`; inline `b`, `strong`, `i`,
/// `em`, `br`, `img src=…`; the common character entities. Sizes follow OpenMATB's tag
/// normalisation: `h1` centred bold 24 pt, `h2` centred italic 24 pt, `p` 18 pt. Whitespace
/// collapses as HTML's does, so line breaks in the file are spaces. Anything else (unknown
/// tags, stray `<`) is lenient: unknown tags are dropped, their text kept; the parser never
/// fails, as a browser would not.
public enum HTMLSubset {
    /// Point sizes OpenMATB's normalisation gives (docs/openmatb-behaviour.md: Instructions).
    public static let headingPointSize = 24.0
    public static let paragraphPointSize = 18.0

    /// One style frame: what an open element changed.
    private struct Frame {
        var tag: String
        var font: RichText.Font
        var alignment: TextStyle.Alignment
        var listItemPrefix: Bool = false
    }

    /// Parses `html` with text centred unless told otherwise.
    /// - Parameters:
    ///   - alignment: the alignment of text outside any `center` (instruction bodies are centred).
    ///   - pointSize: the size of text outside `p` and headings.
    public static func richText(_ html: String, alignment: TextStyle.Alignment = .center, pointSize: Double = paragraphPointSize) -> RichText {
        var builder = Builder()
        var stack = [Frame(tag: "", font: RichText.Font(pointSize: pointSize), alignment: alignment)]
        for token in tokens(html) {
            switch token {
            case .text(let text):
                let top = stack[stack.count - 1]
                builder.add(text: decodeEntities(text), font: top.font, alignment: top.alignment)
            case .start(let name, let attributes, let selfClosing):
                var top = stack[stack.count - 1]
                switch name {
                case "br":
                    builder.lineBreak(alignment: top.alignment)
                    continue
                case "img":
                    if let source = attributes["src"], !source.isEmpty {
                        builder.add(image: source, alignment: top.alignment)
                    }
                    continue
                case "h1", "h2", "p", "li":
                    // A new paragraph closes an open one, as HTML's implied end tags do.
                    if let open = stack.lastIndex(where: { ["h1", "h2", "p", "li"].contains($0.tag) }) {
                        stack.removeSubrange(open...)
                        top = stack[stack.count - 1]
                    }
                    builder.endBlock()
                    switch name {
                    case "h1":
                        top.font = RichText.Font(pointSize: headingPointSize, bold: true, italic: top.font.italic)
                        top.alignment = .center
                    case "h2":
                        top.font = RichText.Font(pointSize: headingPointSize, bold: top.font.bold, italic: true)
                        top.alignment = .center
                    case "p":
                        top.font.pointSize = paragraphPointSize
                    default:
                        top.listItemPrefix = true
                    }
                case "center":
                    builder.endBlock()
                    top.alignment = .center
                case "div", "ul", "ol":
                    builder.endBlock()
                case "b", "strong":
                    top.font.bold = true
                case "i", "em":
                    top.font.italic = true
                default:
                    break
                }
                guard !selfClosing else { continue }
                top.tag = name
                stack.append(top)
                if top.listItemPrefix {
                    builder.add(text: "• ", font: top.font, alignment: top.alignment)
                    stack[stack.count - 1].listItemPrefix = false
                }
            case .end(let name):
                guard let open = stack.lastIndex(where: { $0.tag == name }), open > 0 else { continue }
                stack.removeSubrange(open...)
                if ["h1", "h2", "p", "li", "center", "div", "ul", "ol"].contains(name) { builder.endBlock() }
            }
        }
        builder.endBlock()
        return RichText(blocks: builder.blocks)
    }

    /// Accumulates blocks, collapsing whitespace.
    private struct Builder {
        var blocks: [RichText.Block] = []
        var items: [RichText.Item] = []
        var alignment: TextStyle.Alignment = .center
        /// Whether the flow so far ends in a space (or is at a line start), so the next
        /// whitespace adds nothing.
        var atSpace = true

        mutating func add(text: String, font: RichText.Font, alignment: TextStyle.Alignment) {
            var collapsed = ""
            for character in text {
                if character.isWhitespace {
                    if !atSpace { collapsed.append(" ") }
                    atSpace = true
                } else {
                    collapsed.append(character)
                    atSpace = false
                }
            }
            guard !collapsed.isEmpty else { return }
            if items.isEmpty { self.alignment = alignment }
            if case .text(let previous, let previousFont)? = items.last, previousFont == font {
                items[items.count - 1] = .text(previous + collapsed, font)
            } else {
                items.append(.text(collapsed, font))
            }
        }

        mutating func add(image name: String, alignment: TextStyle.Alignment) {
            if items.isEmpty { self.alignment = alignment }
            items.append(.image(name))
            atSpace = false
        }

        mutating func lineBreak(alignment: TextStyle.Alignment) {
            if items.isEmpty { self.alignment = alignment }
            trimTrailingSpace()
            items.append(.lineBreak)
            atSpace = true
        }

        mutating func endBlock() {
            trimTrailingSpace()
            if !items.isEmpty {
                let size = items.compactMap { item -> Double? in
                    if case .text(_, let font) = item { return font.pointSize }
                    return nil
                }.max() ?? paragraphPointSize
                // Paragraphs are separated by about half a line, as pyglet's HTML layout does.
                let space = blocks.isEmpty ? 0 : 0.6 * TextMetrics.emPixels(pointSize: size)
                blocks.append(RichText.Block(alignment: alignment, items: items, spaceBefore: space))
            }
            items = []
            atSpace = true
        }

        private mutating func trimTrailingSpace() {
            guard case .text(let text, let font)? = items.last, text.hasSuffix(" ") else { return }
            let trimmed = String(text.dropLast())
            if trimmed.isEmpty { items.removeLast() } else { items[items.count - 1] = .text(trimmed, font) }
        }
    }

    // MARK: Tokens

    private enum Token {
        case text(String)
        case start(String, [String: String], selfClosing: Bool)
        case end(String)
    }

    /// Splits markup into text and tags; a `<` that opens no tag is text.
    private static func tokens(_ html: String) -> [Token] {
        var result: [Token] = []
        var text = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">"),
               let tag = tag(String(html[html.index(after: index)..<close])) {
                if !text.isEmpty { result.append(.text(text)) }
                text = ""
                result.append(tag)
                index = html.index(after: close)
                continue
            }
            text.append(character)
            index = html.index(after: index)
        }
        if !text.isEmpty { result.append(.text(text)) }
        return result
    }

    /// A tag from the text between `<` and `>`, or nil if it is not one.
    private static func tag(_ inner: String) -> Token? {
        var body = Substring(inner)
        if body.hasPrefix("!") { return .text("") }  // comments and doctypes show nothing
        let isEnd = body.hasPrefix("/")
        if isEnd { body = body.dropFirst() }
        let selfClosing = body.hasSuffix("/")
        if selfClosing { body = body.dropLast() }
        let name = body.prefix { $0.isLetter || $0.isNumber }.lowercased()
        guard !name.isEmpty, body.first?.isLetter == true else { return nil }
        if isEnd { return .end(name) }
        return .start(name, attributes(body.dropFirst(name.count)), selfClosing: selfClosing)
    }

    /// `key=value`, `key="value"`, `key='value'` pairs; keys lower-cased.
    private static func attributes(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text[...]
        while true {
            rest = rest.drop { $0.isWhitespace }
            let key = rest.prefix { !$0.isWhitespace && $0 != "=" }
            guard !key.isEmpty else { break }
            rest = rest.dropFirst(key.count).drop { $0.isWhitespace }
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop { $0.isWhitespace }
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let inner = rest.dropFirst().prefix { $0 != quote }
                    value = String(inner)
                    rest = rest.dropFirst(inner.count + 2)
                } else {
                    let bare = rest.prefix { !$0.isWhitespace }
                    value = String(bare)
                    rest = rest.dropFirst(bare.count)
                }
            }
            result[key.lowercased()] = decodeEntities(value)
        }
        return result
    }

    private static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "eacute": "é", "egrave": "è", "ecirc": "ê", "agrave": "à", "ccedil": "ç", "ugrave": "ù",
        "ocirc": "ô", "icirc": "î", "laquo": "«", "raquo": "»", "rsquo": "’", "hellip": "…",
        "ndash": "–", "mdash": "—", "bull": "•", "deg": "°",
    ]

    /// Replaces `&name;`, `&#NN;` and `&#xHH;`; unknown entities stay as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(10).firstIndex(of: ";") {
                let name = after[..<semicolon]
                var decoded: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else if name.hasPrefix("#") {
                    decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else {
                    decoded = entities[String(name)]
                }
                if let decoded {
                    result += decoded
                    rest = after[after.index(after: semicolon)...]
                    continue
                }
            }
            result += "&"
            rest = after
        }
        return result + rest
    }
}
