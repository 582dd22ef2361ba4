import FoundationEssentials
import KioskCore

/// What loading a block's file needs beyond the file.
public struct BlockLoadRequest: Sendable {
    /// The block's file, resolved against the plan's folder; nil for a kind that runs none.
    public var file: String?
    /// The plan's block (a break's length is there); a file checked alone has an empty one.
    public var block: PlanBlock
    /// The language of the block's texts and of the validator's messages.
    public var language: Language
    /// Whether the block is about to run: a prompt sequence then says its texts now (a check
    /// only reads them).
    public var forRunning: Bool
    /// MATB's bundled includes (instructions and questionnaires OpenMATB ships).
    public var bundledIncludes: URL
    /// A MATB block's adaptive rules file, resolved against the plan's folder.
    public var rules: String?

    public init(file: String?, block: PlanBlock, language: Language, forRunning: Bool, bundledIncludes: URL, rules: String? = nil) {
        self.file = file
        self.rules = rules
        self.block = block
        self.language = language
        self.forRunning = forRunning
        self.bundledIncludes = bundledIncludes
    }

    /// The file's path, for kinds that always have one.
    var path: String { file ?? "" }
}
