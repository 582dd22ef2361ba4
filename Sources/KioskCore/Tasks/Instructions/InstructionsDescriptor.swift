/// The instructions plugin: blocking fullscreen slides (docs/openmatb-behaviour.md: Instructions).
extension PluginDescriptor {
    /// Instructions: fullscreen, 15 ms updates, blocking, empty title.
    public static let instructions = InstructionsDescriptor.descriptor
}

/// Builds the instructions tree, and the slide leaves genericscales and labstreaminglayer
/// share with it.
///
/// Dump order: OpenMATB's parameter table states none. OpenMATB's blocking
/// base class adds `boldtitle` in its constructor, before the subclass adds `filename`,
/// `pointsize`, `maxdurationsec`, `response` (`text`, `key`) and `allowkeypress`; the dump
/// follows that insertion order, not the order of its parameter table. All validators come from the
/// global table (docs/openmatb-behaviour.md: Global validator table).
enum InstructionsDescriptor {
    static let descriptor = CommonParameters.descriptor(
        alias: PluginAlias.instructions, titleMsgid: "", placement: .fullscreen,
        updatePeriodMilliseconds: 15, isBlocking: true,
        ownLeaves: slideLeaves(responseText: "Press SPACE to continue"))

    /// The leaves of a slide-showing blocking plugin, after the common ones.
    /// - Parameter responseText: the English msgid of the prompt (translated at run time).
    static func slideLeaves(responseText: String) -> [ParameterSpec] {
        [
            ParameterSpec("boldtitle", .bool(false), .bool),
            ParameterSpec("filename", .none, .textFile),
            ParameterSpec("pointsize", .int(0), .natural),
            ParameterSpec("maxdurationsec", .int(0), .natural),
            ParameterSpec("response-text", .string(responseText), .string),
            ParameterSpec("response-key", .string("SPACE"), .keyboardKey),
            ParameterSpec("allowkeypress", .bool(true), .bool),
        ]
    }
}
