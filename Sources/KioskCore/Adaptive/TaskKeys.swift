/// The keys a scenario's tasks listen to: their key parameters' defaults and every value the
/// scenario sets them to. A participant's request key must be none of them, or one press
/// would both answer a task and ask for a change.
enum TaskKeys {
    /// The task and parameter that listen to `key` in `scenario` (`sysmon scales-1-key`); nil
    /// when no task does.
    static func listener(of key: String, in scenario: Scenario, catalog: PluginCatalog) -> String? {
        let wanted = key.uppercased()
        for alias in scenario.plugins {
            guard let descriptor = catalog.descriptor(for: alias) else { continue }
            for parameter in descriptor.parameters where parameter.type == .key || parameter.type == .keyboardKey {
                if case .string(let name) = parameter.defaultValue, name.uppercased() == wanted { return "\(alias) \(parameter.path)" }
            }
        }
        for event in scenario.events {
            if case .set(let path, .string(let name)) = event.command, path.hasSuffix("key"), name.uppercased() == wanted {
                return "\(event.plugin) \(path) (line \(event.lineNumber))"
            }
        }
        return nil
    }
}
