/// A questionnaire file for genericscales (docs/openmatb-behaviour.md: Questionnaires), read and checked
/// before the session.
///
/// Each page holds its items in file order. An item line must match OpenMATB's pattern
/// `^(.*);(.*)/(.*);(\d*)/(\d*)/(\d*)` and then split into exactly
/// `title;question;minLabel/maxLabel;min/max/default`; lines that do not match (such as
/// `<note>…</note>`) draw nothing but keep their place. Where OpenMATB crashes mid-session
/// on a line that matches but cannot be split (the 3-field form its own example file
/// documents, empty or non-integer bounds, more `/` than expected), this reports a located
/// error before anything starts.
public struct Questionnaire: Hashable, Sendable {
    /// One slider item.
    public struct Scale: Hashable, Sendable {
        /// Also the `performance` row's address.
        public var title: String
        public var question: String
        public var minimumLabel: String
        public var maximumLabel: String
        public var minimum: Int
        public var maximum: Int
        public var initial: Int

        public init(title: String, question: String, minimumLabel: String, maximumLabel: String, minimum: Int, maximum: Int, initial: Int) {
            self.title = title
            self.question = question
            self.minimumLabel = minimumLabel
            self.maximumLabel = maximumLabel
            self.minimum = minimum
            self.maximum = maximum
            self.initial = initial
        }
    }

    /// One line of a page.
    public enum Item: Hashable, Sendable {
        case scale(Scale)
        /// A line that is not an item: it shows nothing but takes a layout slot.
        case other(String)
    }

    /// One page (slide) of items, with its optional `<h1>` title line.
    public struct Page: Hashable, Sendable {
        public var title: String?
        public var items: [Item]

        public init(title: String?, items: [Item]) {
            self.title = title
            self.items = items
        }

        public var scales: [Scale] {
            items.compactMap { item in
                if case .scale(let scale) = item { return scale }
                return nil
            }
        }
    }

    public var pages: [Page]

    public init(pages: [Page]) { self.pages = pages }

    /// Reads a questionnaire's text (without byte-order mark).
    /// - Parameters:
    ///   - file: the path named in diagnostics.
    /// - Returns: the pages, and every problem with its 1-based line and column; any error
    ///   means the scenario must not run.
    public static func parse(_ text: String, file: String) -> (questionnaire: Questionnaire, diagnostics: [ScenarioDiagnostic]) {
        var diagnostics: [ScenarioDiagnostic] = []
        var pages: [Page] = []
        for slide in SlideFile(text, ignoringEmptyLines: true).slides {
            var items: [Item] = []
            for line in slide.body {
                switch item(line, file: file) {
                case .success(let item): items.append(item)
                case .failure(let problem):
                    diagnostics.append(problem)
                    items.append(.other(line.text))
                }
            }
            pages.append(Page(title: slide.title?.text, items: items))
            if let problem = overflow(items, file: file, slide: slide) { diagnostics.append(problem) }
        }
        return (Questionnaire(pages: pages), diagnostics)
    }

    /// One body line as an item, or the reason it cannot be one.
    private static func item(_ line: SlideFile.Line, file: String) -> Result<Item, ScenarioDiagnostic> {
        let indent = line.text.prefix { $0.isWhitespace }.count
        let text = line.text.trimmingSpacesAndTabs()
        guard matchesItemPattern(text) else { return .success(.other(text)) }
        func problem(_ column: Int, _ message: String) -> Result<Item, ScenarioDiagnostic> {
            .failure(ScenarioDiagnostic(file: file, line: line.number, column: indent + column, severity: .error, message: message))
        }
        let fields = text.split(separator: ";", omittingEmptySubsequences: false)
        // 1-based column where each field starts.
        var columns: [Int] = []
        var column = 1
        for field in fields {
            columns.append(column)
            column += field.count + 1
        }
        let form = "`title;question;minLabel/maxLabel;min/max/default`"
        guard fields.count == 4 else {
            return problem(1, "a questionnaire item has 4 fields separated by `;`, \(form); this line has \(fields.count)"
                + (fields.count == 3 ? " (the 3-field form `question;minLabel/maxLabel;min/max/default` makes OpenMATB crash; add a title)" : ""))
        }
        let labels = fields[2].split(separator: "/", omittingEmptySubsequences: false)
        guard labels.count == 2 else {
            return problem(columns[2], "the labels field is `minLabel/maxLabel` with one `/`, not `\(fields[2])`")
        }
        let numbers = fields[3].split(separator: "/", omittingEmptySubsequences: false)
        guard numbers.count == 3 else {
            return problem(columns[3], "the values field is `min/max/default`, three integers separated by `/`, not `\(fields[3])`")
        }
        var values: [Int] = []
        var offset = columns[3]
        for number in numbers {
            guard let value = Int(number), number.allSatisfy(\.isASCII), !number.hasPrefix("+"), !number.hasPrefix("-") else {
                return problem(offset, "`\(number)` is not a whole number (expected `min/max/default`, e.g. `0/10/5`)")
            }
            values.append(value)
            offset += number.count + 1
        }
        guard values[0] < values[1] else {
            return problem(columns[3], "the minimum (\(values[0])) must be below the maximum (\(values[1]))")
        }
        guard values[2] >= values[0] && values[2] <= values[1] else {
            return problem(columns[3], "the default (\(values[2])) must lie between the minimum (\(values[0])) and the maximum (\(values[1]))")
        }
        return .success(.scale(Scale(
            title: String(fields[0]), question: String(fields[1]), minimumLabel: String(labels[0]), maximumLabel: String(labels[1]),
            minimum: values[0], maximum: values[1], initial: values[2])))
    }

    /// OpenMATB's `re.match(r'(.*);(.*)/(.*);(\d*)/(\d*)/(\d*)', line)`: anchored at the start
    /// only. Equivalent test: some `;` is followed by text containing `/`, then a `;` followed
    /// by `digits/digits/digits` (possibly empty runs).
    static func matchesItemPattern(_ text: String) -> Bool {
        let characters = Array(text)
        // Positions right after a `;` where `\d*/\d*/\d*` matches.
        var numberStarts: [Int] = []
        for (index, character) in characters.enumerated() where character == ";" {
            var position = index + 1
            var slashes = 0
            while true {
                while position < characters.count, characters[position].isASCII, characters[position].isNumber { position += 1 }
                if slashes == 2 { break }
                guard position < characters.count, characters[position] == "/" else { break }
                slashes += 1
                position += 1
            }
            if slashes == 2 { numberStarts.append(index) }
        }
        // Need an earlier `;` with a `/` between it and that last `;`.
        for end in numberStarts {
            for (index, character) in characters[..<end].enumerated() where character == ";" {
                if characters[(index + 1)..<end].contains("/") { return true }
            }
        }
        return false
    }

    /// A warning when a page's scales do not fit the screen (more than six items per page),
    /// which OpenMATB draws off the top.
    private static func overflow(_ items: [Item], file: String, slide: SlideFile.Slide) -> ScenarioDiagnostic? {
        let layout = ScaleLayout(itemCount: items.count, screen: SlideShow.screen)
        for (index, item) in items.enumerated() {
            guard case .scale = item, layout.itemBox(index).top > SlideShow.screen.top + 0.5 else { continue }
            return ScenarioDiagnostic(file: file, line: slide.body[index].number, column: 1, severity: .warning,
                message: "this page has \(items.count) lines; items beyond six do not fit the screen and are drawn off its top (start a new page with `<newpage>`)")
        }
        return nil
    }
}
