/// One `[[phase]]` of a sequence: what the screen shows and says while it lasts, how it ends,
/// and the marker its start sends to the recorders. Every trial runs every phase, in order.
public struct PromptPhase: Hashable, Sendable {
    /// How a phase ends.
    public enum Ending: Hashable, Sendable {
        /// After this many seconds (`seconds = 5`), on the block's clock.
        case seconds(Double)
        /// When its speech has been spoken (`until = "speech"`).
        case speechEnds
        /// When the participant continues (`until = "continue"`).
        case participantContinues
    }

    /// Unique among the phases; the marker when none is given.
    public var name: String
    public var text: PromptTemplate?
    /// The picture's path as the file writes it, relative to the sequence file.
    public var image: PromptTemplate?
    /// What is spoken as the phase starts.
    public var speech: PromptTemplate?
    public var ending: Ending
    /// The string sent to the recorders when the phase starts.
    public var marker: PromptTemplate
    /// The parallel-port byte sent with the marker, 1...255.
    public var code: UInt8?
    /// Where its `[[phase]]` header is, for messages.
    public var line: Int

    public init(name: String, text: PromptTemplate? = nil, image: PromptTemplate? = nil, speech: PromptTemplate? = nil,
                ending: Ending, marker: PromptTemplate? = nil, code: UInt8? = nil, line: Int = 0) {
        self.name = name
        self.text = text
        self.image = image
        self.speech = speech
        self.ending = ending
        self.marker = marker ?? PromptTemplate(literal: name)
        self.code = code
        self.line = line
    }
}
