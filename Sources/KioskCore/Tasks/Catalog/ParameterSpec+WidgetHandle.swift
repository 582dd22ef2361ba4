/// Widget-handle leaves: the `widget`/`statuswidget` entries OpenMATB stores in the parameter
/// tree next to the values they draw.
extension ParameterSpec {
    /// A leaf holding the handle of a widget of this Python class (e.g.
    /// `core.widgets.frame.Frame`). OpenMATB logs it as `<core.widgets.frame.Frame object at
    /// 0x7f…>`; labkiosk logs the same text without the memory address, which would differ
    /// on every run. It never has a validator.
    static func widgetHandle(_ path: String, pythonClass: String) -> ParameterSpec {
        ParameterSpec(path, .object("<\(pythonClass) object>"), nil)
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
