/// One `[[help]]` entry: a question the participant can open from any waiting screen, and its answer.
public struct PromptHelpItem: Hashable, Sendable {
    public var question: String
    public var answer: String

    public init(question: String, answer: String) {
        self.question = question
        self.answer = answer
    }
}
