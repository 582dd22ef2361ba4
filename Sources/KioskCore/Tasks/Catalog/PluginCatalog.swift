/// Every plugin OpenMATB 1.4.5 registers, as data: the scenario validator and the log's
/// parameter dump read their trees from here.
public enum PluginCatalog {
    /// The 11 descriptors, in the order spec §6 lists the aliases.
    ///
    /// `parallelport` is the variant with a working port; see
    /// ``PluginDescriptor/parallelportWithoutPort``.
    public static let descriptors: [PluginDescriptor] = [
        .sysmon, .track, .communications, .resman, .scheduling, .performance, .instructions,
        .genericscales, .generictrigger, .labstreaminglayer, .parallelport,
    ]

    /// The aliases, in ``descriptors`` order.
    public static let aliases: [String] = descriptors.map(\.alias)

    private static let byAlias: [String: PluginDescriptor] = Dictionary(
        uniqueKeysWithValues: descriptors.map { ($0.alias, $0) })

    /// The descriptor for a scenario's plugin name, matched case-sensitively.
    ///
    /// - Returns: nil for anything else, including `system` (a pseudo-plugin), `eyetracker`
    ///   (not registered in 1.4.5) and the deprecated `pumpstatus` and `end`.
    public static func descriptor(for alias: String) -> PluginDescriptor? {
        byAlias[alias]
    }
}
