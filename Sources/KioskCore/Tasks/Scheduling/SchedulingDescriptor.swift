/// The scheduling plugin: timelines of the four tasks (docs/openmatb-behaviour.md: Scheduling).
extension PluginDescriptor {
    /// Scheduling: top-right, 1000 ms updates, non-blocking.
    public static let scheduling = SchedulingDescriptor.descriptor
}

/// Builds scheduling's parameter tree in OpenMATB's dump order.
///
/// OpenMATB states no dump order for scheduling; this follows the parameter table of
/// docs/openmatb-behaviour.md: Scheduling (also the order of OpenMATB's defaults literal). No private leaves.
enum SchedulingDescriptor {
    /// The columns in their default order (`displayedplugins`); the validator lists them in
    /// another order, which shows in its error message.
    static let displayedPlugins = [PluginAlias.sysmon, PluginAlias.track, PluginAlias.communications, PluginAlias.resman]
    static let labels = ["S", "T", "C", "R"]

    static let descriptor = CommonParameters.descriptor(
        alias: PluginAlias.scheduling, titleMsgid: "Scheduling", placement: .topright,
        updatePeriodMilliseconds: 1000, isBlocking: false,
        ownLeaves: [
            ParameterSpec("minduration", .int(8), .positive),
            ParameterSpec("displaychronometer", .bool(true), .bool),
            ParameterSpec("reversechronometer", .bool(false), .bool),
            ParameterSpec(
                "displayedplugins", .list(displayedPlugins.map(PyValue.string)),
                .oneOf([PluginAlias.sysmon, PluginAlias.track, PluginAlias.resman, PluginAlias.communications])),
            ParameterSpec("labels", .list(labels.map(PyValue.string)), .oneOf(labels)),
        ])
}
