/// A text of a sequence file with `{name}` places that each trial fills with its own
/// variables (docs/prompts.md: Variables). `{{` stands for a brace itself.
public struct PromptTemplate: Hashable, Sendable {
    /// A run of literal text or a variable's place.
    public enum Part: Hashable, Sendable {
        case literal(String)
        case variable(String)
    }

    public var parts: [Part]

    /// Why a text cannot be read as a template; `offset` counts characters from its start.
    public struct Problem: Error, Hashable, Sendable {
        public var offset: Int
        public var message: String
    }

    /// A template that is its text as written, with no places.
    public init(literal text: String) {
        parts = text.isEmpty ? [] : [.literal(text)]
    }

    /// Reads `{name}` places (names of letters, digits, `_` and `-`) and `{{` braces.
    public init(parsing text: String) throws(Problem) {
        var parts: [Part] = []
        var literal = ""
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard character == "{" else {
                literal.append(character)
                index += 1
                continue
            }
            if index + 1 < characters.count, characters[index + 1] == "{" {
                literal.append("{")
                index += 2
                continue
            }
            guard let close = characters[(index + 1)...].firstIndex(of: "}") else {
                throw Problem(offset: index, message: "this `{` is not closed by `}`; write `{{` for a brace itself")
            }
            let name = String(characters[(index + 1)..<close])
            guard !name.isEmpty, name.allSatisfy(Self.isNameCharacter) else {
                throw Problem(offset: index, message: "expected a variable name (letters, digits, `_` and `-`) between `{` and `}`, got `{\(name)}`")
            }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(.variable(name))
            index = close + 1
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// Whether `character` may appear in a variable's name: the characters of a bare TOML key.
    public static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-")
    }

    /// The variables it names, each once, in the order they first appear.
    public var variables: [String] {
        var names: [String] = []
        for case .variable(let name) in parts where !names.contains(name) { names.append(name) }
        return names
    }

    /// The text with every place filled from `values`; a place with no value stays as written,
    /// which a checked sequence never leaves.
    public func filled(with values: [String: String]) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): text
            case .variable(let name): values[name] ?? "{\(name)}"
            }
        }.joined()
    }
}
