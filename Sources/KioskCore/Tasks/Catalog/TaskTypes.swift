/// The tasks a MATB session can run: the one list to add a task to.
public enum TaskTypes {
    /// Every plugin OpenMATB 1.4.5 registers, in its order.
    public static let openMATB: [TaskType] = [
        .sysmon, .track, .communications, .resman, .scheduling, .performance, .instructions,
        .genericscales, .generictrigger, .labstreaminglayer, .parallelport,
    ]

    private static let byAlias = Dictionary(openMATB.map { ($0.alias, $0) }, uniquingKeysWith: { first, _ in first })

    /// The task type a scenario's plugin name stands for.
    public static func type(for alias: String) -> TaskType? { byAlias[alias] }

    /// Every task's scenario checks; ``ScenarioValidator`` runs these unless told otherwise.
    public static let rules: [any ScenarioRule] = openMATB.flatMap(\.rules)

    /// The task for `descriptor`, as its type makes it.
    public static func make(_ descriptor: PluginDescriptor, includes: IncludeLibrary) -> TaskPlugin {
        type(for: descriptor.alias)?.make(descriptor, includes) ?? MarkerTask()
    }
}
