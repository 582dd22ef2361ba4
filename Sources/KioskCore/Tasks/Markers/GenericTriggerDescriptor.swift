/// The generictrigger plugin: puts marker rows in the log (docs/openmatb-behaviour.md: Generic trigger).
extension PluginDescriptor {
    /// Generic trigger: invisible, 5 ms updates, non-blocking.
    public static let generictrigger = GenericTriggerDescriptor.descriptor
}

/// Builds the generictrigger tree: the common leaves and `state`. Its title msgid is not in
/// the translation catalogue, so it shows untranslated.
enum GenericTriggerDescriptor {
    static let descriptor = CommonParameters.descriptor(
        alias: PluginAlias.generictrigger, titleMsgid: "Generic Trigger", placement: .invisible,
        updatePeriodMilliseconds: 5, isBlocking: false,
        ownLeaves: [ParameterSpec("state", .string(""), .string)])
}
