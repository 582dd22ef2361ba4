extension PyValue {
    /// What Python's `str()` gives for this value: the text of a string or object as is,
    /// anything else as its `repr()`.
    ///
    /// This is what the session log writes for a value once it has been rounded (docs/openmatb-behaviour.md:
    /// Log format), except that the log writes `None` as an empty field rather than `None`.
    public var pythonStr: String {
        switch self {
        case .string(let text): text
        case .object(let text): text
        default: pythonRepr
        }
    }

    /// What Python's `repr()` gives for this value, as it appears inside tuples, lists and
    /// dicts: `None`, `True`, `26`, `26.0`, `'sysmon'`, `(110.0,)`, `['a', 'b']`,
    /// `{'name': 'NAV_1', 'targetfreq': None}`.
    ///
    /// Floats keep full precision here: OpenMATB rounds only scalar log values, never the
    /// elements of a container.
    public var pythonRepr: String {
        switch self {
        case .none: "None"
        case .bool(let flag): flag ? "True" : "False"
        case .int(let integer): String(integer)
        case .float(let number): number.pythonRepr
        case .string(let text): text.pythonRepr
        case .tuple(let items):
            // A one-element tuple needs its trailing comma to read back as a tuple.
            if items.count == 1, let only = items.first {
                "(" + only.pythonRepr + ",)"
            } else {
                "(" + Self.joinedRepr(items) + ")"
            }
        case .list(let items): "[" + Self.joinedRepr(items) + "]"
        case .dict(let entries):
            "{" + entries.map { $0.key.pythonRepr + ": " + $0.value.pythonRepr }.joined(separator: ", ") + "}"
        case .object(let text): text
        }
    }

    /// The elements' reprs separated by `, `, as Python joins container elements.
    private static func joinedRepr(_ items: [PyValue]) -> String {
        items.map(\.pythonRepr).joined(separator: ", ")
    }
}
