import Synchronization

/// A plugin's current parameter values, kept in the descriptor's dump order.
public struct ParameterValues: Hashable, Sendable {
    private var order: [String]
    private var values: [String: PyValue]
    /// A number no other set of values has had: it changes with every write that changes a
    /// value, and copies share
    /// it until one of them is written, so a task may keep what it read while it stays the
    /// same (``ParameterCache``). It is not part of equality.
    public private(set) var revision: UInt64

    private static let revisions = Atomic<UInt64>(0)

    private static func nextRevision() -> UInt64 {
        revisions.add(1, ordering: .relaxed).newValue
    }

    /// The defaults of every leaf of `descriptor`.
    public init(_ descriptor: PluginDescriptor) {
        order = descriptor.parameters.map(\.path)
        values = Dictionary(descriptor.parameters.map { ($0.path, $0.defaultValue) }, uniquingKeysWith: { first, _ in first })
        revision = Self.nextRevision()
    }

    public subscript(path: String) -> PyValue {
        get { values[path] ?? .none }
        set {
            // Writing the value a leaf already holds keeps the revision, and what caches hold.
            if let old = values.updateValue(newValue, forKey: path) {
                if old != newValue { revision = Self.nextRevision() }
            } else {
                order.append(path)
                revision = Self.nextRevision()
            }
        }
    }

    /// Removes a leaf, as when OpenMATB never creates a widget handle (resman's pump
    /// `statuswidget` without a status panel).
    public mutating func removeValue(forPath path: String) {
        guard values.removeValue(forKey: path) != nil else { return }
        order.removeAll { $0 == path }
        revision = Self.nextRevision()
    }

    public static func == (a: ParameterValues, b: ParameterValues) -> Bool {
        a.order == b.order && a.values == b.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(order)
        hasher.combine(values)
    }

    /// Every leaf as (path, value), in dump order.
    public var leaves: [(path: String, value: PyValue)] { order.map { ($0, values[$0] ?? .none) } }

    public func bool(_ path: String) -> Bool { self[path].isTruthy }
    public func number(_ path: String) -> Double? { self[path].number }
    public func string(_ path: String) -> String? { self[path].text }
}
