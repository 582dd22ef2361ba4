/// Widget-handle leaves: the `widget`/`statuswidget` entries OpenMATB stores in the parameter
/// tree next to the values they draw.
extension ParameterSpec {
    /// A leaf holding the handle of a widget of this Python class (e.g.
    /// `core.widgets.frame.Frame`), so a log writer can render the dump row as
    /// `<core.widgets.frame.Frame object at …>`. It never has a validator.
    static func widgetHandle(_ path: String, pythonClass: String) -> ParameterSpec {
        ParameterSpec(path, .object(pythonClass), nil)
    }

    /// Whether this leaf is a widget handle, which OpenMATB adds only when `start` creates the
    /// widgets.
    ///
    /// It is dumped at start like any leaf, but OpenMATB validates a scenario against freshly
    /// constructed plugins, before any `start`: for validation such a path does not exist
    /// yet, so a scenario line naming it gets "The <alias> plugin does not have a <path>
    /// parameter", not "has no verification method".
    public var isCreatedAtStart: Bool {
        if case .object = defaultValue { return true }
        return false
    }
}
