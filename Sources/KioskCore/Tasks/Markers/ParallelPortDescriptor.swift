/// The parallelport plugin: writes trigger values to `/dev/parport0` (docs/openmatb-behaviour.md: Parallel
/// port).
extension PluginDescriptor {
    /// Parallel port, as on a machine with a working port: invisible, 5 ms updates,
    /// non-blocking.
    public static let parallelport = ParallelPortDescriptor.descriptor

    /// Parallel port on a machine without the port: OpenMATB then never adds `trigger` and
    /// `delayms`, so any scenario line setting them fails validation ("does not have").
    public static let parallelportWithoutPort = ParallelPortDescriptor.withoutPort
}

/// Builds the parallelport tree: the common leaves, then `trigger` and `delayms` (OpenMATB
/// plugins/parallelport.py's order; no private leaves).
enum ParallelPortDescriptor {
    static let descriptor = make(ownLeaves: [
        ParameterSpec("trigger", .int(0), .positive),
        ParameterSpec("delayms", .int(5), .positive),
    ])

    static let withoutPort = make(ownLeaves: [])

    private static func make(ownLeaves: [ParameterSpec]) -> PluginDescriptor {
        CommonParameters.descriptor(
            alias: PluginAlias.parallelport, titleMsgid: "Parallel port", placement: .invisible,
            updatePeriodMilliseconds: 5, isBlocking: false, ownLeaves: ownLeaves)
    }
}
