/// The OpenMATB plugins that draw pseudo-random numbers, with their seed index.
///
/// OpenMATB turns the plugin alias into an integer by its position in
/// `['communications', 'sysmon']` and adds it to every seed (docs/openmatb-behaviour.md: Seeds and
/// pseudo-random draws).
public enum SeedingPlugin: Int, Sendable, CaseIterable {
    case communications = 0
    case sysmon = 1

    /// The index added to the seed (communications 0, sysmon 1).
    public var index: Int { rawValue }

    /// The plugin alias written in the `seed_value` / `seed_output` log rows.
    public var alias: String {
        switch self {
        case .communications: PluginAlias.communications
        case .sysmon: PluginAlias.sysmon
        }
    }
}
