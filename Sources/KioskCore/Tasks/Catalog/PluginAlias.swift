/// The names scenarios give OpenMATB's plugins, for the places that must name one: the
/// scheduling columns, the performance bar's sources, the devices a scenario needs.
public enum PluginAlias {
    public static let sysmon = "sysmon"
    public static let track = "track"
    public static let communications = "communications"
    public static let resman = "resman"
    public static let scheduling = "scheduling"
    public static let performance = "performance"
    public static let instructions = "instructions"
    public static let genericscales = "genericscales"
    public static let generictrigger = "generictrigger"
    public static let labstreaminglayer = "labstreaminglayer"
    public static let parallelport = "parallelport"
}
