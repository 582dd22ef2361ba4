/// A value as OpenMATB holds it in Python: what a validator produces, what a parameter
/// stores and what a log row renders with Python's `str()`.
///
/// Keeping the Python type (int vs float vs bool) matters because the log renders `26`
/// and `26.0` differently, and booleans as `1`/`0`.
public enum PyValue: Hashable, Sendable {
    case none
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    case tuple([PyValue])
    case list([PyValue])
    /// A dict with keys in insertion order.
    case dict([DictEntry])
    /// An object whose Python repr names a widget; OpenMATB logs its memory address, which
    /// we replace with a fixed text (docs/compatibility.md).
    case object(String)

    /// One key/value pair of a `dict`, in insertion order.
    public struct DictEntry: Hashable, Sendable {
        public var key: String
        public var value: PyValue
        public init(_ key: String, _ value: PyValue) {
            self.key = key
            self.value = value
        }
    }

    /// An RGBA colour as OpenMATB stores it: a 4-tuple of ints.
    public static func color(_ color: Color) -> PyValue {
        .tuple([.int(color.red), .int(color.green), .int(color.blue), .int(color.alpha)])
    }

    /// Python truthiness.
    public var isTruthy: Bool {
        switch self {
        case .none: false
        case .bool(let b): b
        case .int(let i): i != 0
        case .float(let d): d != 0
        case .string(let s): !s.isEmpty
        case .tuple(let a), .list(let a): !a.isEmpty
        case .dict(let d): !d.isEmpty
        case .object: true
        }
    }

    /// The value as a number when it is one (bools count, as in Python).
    public var number: Double? {
        switch self {
        case .bool(let b): b ? 1 : 0
        case .int(let i): Double(i)
        case .float(let d): d
        default: nil
        }
    }

    /// The value as text when it is a string.
    public var text: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
