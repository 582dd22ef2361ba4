/// A plugin's current parameter values, kept in the descriptor's dump order.
public struct ParameterValues: Hashable, Sendable {
    private var order: [String]
    private var values: [String: PyValue]

    /// The defaults of every leaf of `descriptor`.
    public init(_ descriptor: PluginDescriptor) {
        order = descriptor.parameters.map(\.path)
        values = Dictionary(descriptor.parameters.map { ($0.path, $0.defaultValue) }, uniquingKeysWith: { first, _ in first })
    }

    public subscript(path: String) -> PyValue {
        get { values[path] ?? .none }
        set {
            if values[path] == nil { order.append(path) }
            values[path] = newValue
        }
    }

    /// Removes a leaf, as when OpenMATB never creates a widget handle (resman's pump
    /// `statuswidget` without a status panel).
    public mutating func removeValue(forPath path: String) {
        guard values.removeValue(forKey: path) != nil else { return }
        order.removeAll { $0 == path }
    }

    /// Every leaf as (path, value), in dump order.
    public var leaves: [(path: String, value: PyValue)] { order.map { ($0, values[$0] ?? .none) } }

    public func bool(_ path: String) -> Bool { self[path].isTruthy }
    public func number(_ path: String) -> Double? { self[path].number }
    public func string(_ path: String) -> String? { self[path].text }
}
