/// The genericscales plugin: a blocking questionnaire of sliders (docs/openmatb-behaviour.md:
/// Questionnaires).
extension PluginDescriptor {
    /// Generic scales: fullscreen, 15 ms updates, blocking, empty title.
    public static let genericscales = GenericScalesDescriptor.descriptor
}

/// Builds the genericscales tree: the instructions slide leaves with its own prompt, then
/// `showvalue`, which has no validator (so a scenario cannot set it).
enum GenericScalesDescriptor {
    static let descriptor = CommonParameters.descriptor(
        alias: PluginAlias.genericscales, titleMsgid: "", placement: .fullscreen,
        updatePeriodMilliseconds: 15, isBlocking: true,
        ownLeaves: InstructionsDescriptor.slideLeaves(responseText: "Press SPACE to validate")
            + [ParameterSpec("showvalue", .bool(false), nil)])
}
