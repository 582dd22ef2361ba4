import Testing
@testable import KioskCore

@Suite struct PromptTemplateTests {
    @Test func placesAreFilledFromTheTrialsValues() throws {
        let template = try PromptTemplate(parsing: "Imagine a {word} on a {place}; a {word}.")
        #expect(template.variables == ["word", "place"])
        #expect(template.filled(with: ["word": "lemon", "place": "table"]) == "Imagine a lemon on a table; a lemon.")
        #expect(template.parts == [.literal("Imagine a "), .variable("word"), .literal(" on a "), .variable("place"), .literal("; a "),
                                   .variable("word"), .literal(".")])
    }

    @Test func problemsSayWhereInTheText() {
        #expect(throws: PromptTemplate.Problem(offset: 4, message: "this `{` is not closed by `}`; write `{{` for a brace itself")) {
            try PromptTemplate(parsing: "abc {word")
        }
        #expect(throws: PromptTemplate.Problem(offset: 0, message: "expected a variable name (letters, digits, `_` and `-`) between `{` and `}`, got `{a b}`")) {
            try PromptTemplate(parsing: "{a b}")
        }
    }

    @Test func aLiteralHasNoPlaces() {
        #expect(PromptTemplate(literal: "{word}").filled(with: ["word": "x"]) == "{word}")
        #expect(PromptTemplate(literal: "").parts.isEmpty)
    }
}
