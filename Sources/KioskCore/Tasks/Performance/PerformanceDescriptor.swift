/// The performance plugin: the global performance bar (docs/openmatb-behaviour.md: Performance bar).
extension PluginDescriptor {
    /// Performance: top-right (same region as scheduling), 50 ms updates, non-blocking.
    public static let performance = PerformanceDescriptor.descriptor
}

/// Builds performance's parameter tree in OpenMATB's dump order.
///
/// OpenMATB states no dump order for performance; this follows the parameter table of
/// docs/openmatb-behaviour.md: Performance bar (also the order of OpenMATB's defaults literal). `levelmin` is
/// `posint`, so its default 0 cannot be set back explicitly (spec QUIRK).
enum PerformanceDescriptor {
    static let descriptor = CommonParameters.descriptor(
        alias: PluginAlias.performance, titleMsgid: "Performance", placement: .topright,
        updatePeriodMilliseconds: 50, isBlocking: false,
        ownLeaves: [
            ParameterSpec("levelmin", .int(0), .positive),
            ParameterSpec("levelmax", .int(100), .positive),
            ParameterSpec("ticknumber", .int(5), .positive),
            ParameterSpec("criticallevel", .int(20), .positive),
            ParameterSpec("shadowundercritical", .bool(true), .bool),
            ParameterSpec("defaultcolor", .color(.green), .color),
            ParameterSpec("criticalcolor", .color(.red), .color),
        ])
}
