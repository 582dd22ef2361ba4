/// The plugins a session can use, as data: the scenario validator and the log's parameter
/// dump read their trees from here.
public struct PluginCatalog: Hashable, Sendable {
    /// The descriptors, in the order OpenMATB lists its plugins (docs/openmatb-behaviour.md: Plugins).
    public let descriptors: [PluginDescriptor]
    private let byAlias: [String: PluginDescriptor]

    public init(descriptors: [PluginDescriptor]) {
        self.descriptors = descriptors
        byAlias = Dictionary(descriptors.map { ($0.alias, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every plugin OpenMATB 1.4.5 registers (``TaskTypes/openMATB``), with a working
    /// parallel port; see ``PluginDescriptor/parallelportWithoutPort`` and ``withoutParallelPort``.
    public static let openMATB = PluginCatalog(descriptors: TaskTypes.openMATB.map(\.descriptor))

    /// The same catalog for a machine with no parallel port: `parallelport` has no
    /// `trigger` or `delayms`, so scenarios that set them fail validation, as in OpenMATB.
    public var withoutParallelPort: PluginCatalog {
        PluginCatalog(descriptors: descriptors.map { $0.alias == PluginAlias.parallelport ? .parallelportWithoutPort : $0 })
    }

    /// The aliases, in ``descriptors`` order.
    public var aliases: [String] { descriptors.map(\.alias) }

    /// The descriptor for a scenario's plugin name, matched case-sensitively.
    ///
    /// - Returns: nil for anything else, including `system` (a pseudo-plugin), `eyetracker`
    ///   (not registered in 1.4.5) and the deprecated `pumpstatus` and `end`.
    public func descriptor(for alias: String) -> PluginDescriptor? {
        byAlias[alias]
    }
}
