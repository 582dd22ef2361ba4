/// The labstreaminglayer plugin: an LSL marker outlet, blocking while its start slide shows
/// (docs/openmatb-behaviour.md: Lab Streaming Layer).
extension PluginDescriptor {
    /// Lab streaming layer: fullscreen, 15 ms updates, blocking at start, empty title.
    public static let labstreaminglayer = LabStreamingLayerDescriptor.descriptor
}

/// Builds the labstreaminglayer tree: it inherits instructions (same slide leaves and
/// prompt), then adds `marker`, `streamsession`, `pauseatstart` in that order. OpenMATB also
/// has a validator for `state` but no such leaf, so a scenario setting it gets "does not have
/// a state parameter".
enum LabStreamingLayerDescriptor {
    static let descriptor = CommonParameters.descriptor(
        alias: PluginAlias.labstreaminglayer, titleMsgid: "", placement: .fullscreen,
        updatePeriodMilliseconds: 15, isBlocking: true,
        ownLeaves: InstructionsDescriptor.slideLeaves(responseText: "Press SPACE to continue") + [
            ParameterSpec("marker", .string(""), .string),
            ParameterSpec("streamsession", .bool(false), .bool),
            ParameterSpec("pauseatstart", .bool(false), .bool),
        ])
}
