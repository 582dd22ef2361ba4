/// An instruction or questionnaire file cut into slides (docs/openmatb-behaviour.md: Instructions,
/// Questionnaires).
///
/// OpenMATB's rules: every line containing `#` anywhere is dropped (even inside HTML such as
/// `color="#ff0000"`); a line containing `<newpage>` starts a new slide and the rest of that
/// line is discarded; questionnaires also drop blank lines. Within a slide, the last line
/// containing `<h1>` is the slide's title and leaves the body. A file always yields at least
/// one slide, possibly empty, as OpenMATB's does.
public struct SlideFile: Hashable, Sendable {
    /// A line of the file with its 1-based number, for located messages.
    public struct Line: Hashable, Sendable {
        public var number: Int
        public var text: String

        public init(number: Int, text: String) {
            self.number = number
            self.text = text
        }
    }

    /// One slide: its optional `<h1>` title line and the rest.
    public struct Slide: Hashable, Sendable {
        public var title: Line?
        public var body: [Line]

        public init(title: Line?, body: [Line]) {
            self.title = title
            self.body = body
        }
    }

    /// An image a slide shows, with where the file names it.
    public struct ImageReference: Hashable, Sendable {
        /// The `src` as written, relative to the includes' `img/` folder.
        public var name: String
        public var line: Int
        /// 1-based column of the `<img` tag.
        public var column: Int
    }

    public var slides: [Slide]

    /// Every `<img src=…>` on the lines the slides keep, in file order.
    public var imageReferences: [ImageReference] {
        var references: [ImageReference] = []
        let lines = slides.flatMap { slide in (slide.title.map { [$0] } ?? []) + slide.body }.sorted { $0.number < $1.number }
        for line in lines {
            var rest = Substring(line.text)
            while let start = rest.firstRange(of: /<img/.ignoresCase()) {
                let tagEnd = rest[start.lowerBound...].firstIndex(of: ">") ?? rest.endIndex
                let tag = String(rest[start.lowerBound..<tagEnd]) + ">"
                let column = line.text.distance(from: line.text.startIndex, to: start.lowerBound) + 1
                if let name = HTMLSubset.richText(tag).imageNames.first {
                    references.append(ImageReference(name: name, line: line.number, column: column))
                }
                rest = rest[start.upperBound...]
            }
        }
        return references
    }

    /// Cuts `text` (without a byte-order mark) into slides.
    /// - Parameter ignoringEmptyLines: drop blank lines first (questionnaires do).
    public init(_ text: String, ignoringEmptyLines: Bool) {
        var pages: [[Line]] = [[]]
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, raw) in lines.enumerated() {
            // A final newline does not start one more (empty) line.
            if index == lines.count - 1 && raw.isEmpty { break }
            let line = String(raw)
            if ignoringEmptyLines && line.allSatisfy(\.isWhitespace) { continue }
            if line.contains("#") { continue }
            if line.contains("<newpage>") {
                pages.append([])
                continue
            }
            pages[pages.count - 1].append(Line(number: index + 1, text: line))
        }
        slides = pages.map { lines in
            guard let titleIndex = lines.lastIndex(where: { $0.text.contains("<h1>") }) else {
                return Slide(title: nil, body: lines)
            }
            var body = lines
            let title = body.remove(at: titleIndex)
            return Slide(title: title, body: body)
        }
    }
}
