/// One `[[preparation]]` step, shown before the first trial until the participant continues.
public struct PromptPreparationStep: Hashable, Sendable {
    public var text: String?
    /// The picture's path as the file writes it.
    public var image: String?

    public init(text: String? = nil, image: String? = nil) {
        self.text = text
        self.image = image
    }
}
