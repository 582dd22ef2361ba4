/// Checks scenario lines against the plugin catalog (docs/openmatb-behaviour.md: Scenario commands, Parameter
/// validators, Global validator table, Scenario validation) and collects every problem at once; a scenario
/// with any error does not run.
public struct ScenarioValidator {
    /// Commands and plugins OpenMATB 1.4.5 still finds in old scenarios; their lines are
    /// dropped with a warning (OpenMATB rejects `pumpstatus` and `end` outright).
    public static let deprecatedNames: Set<String> = ["pumpstatus", "end", "cutofffrequency", "equalproportions"]

    public var catalog: PluginCatalog
    public var context: ValidationContext
    public var language: Language
    /// The tasks' own checks, run on the settings that passed the line-by-line checks.
    public var rules: [any ScenarioRule]

    public init(
        catalog: PluginCatalog = .openMATB, context: ValidationContext, language: Language = .en,
        rules: [any ScenarioRule] = TaskTypes.rules
    ) {
        self.catalog = catalog
        self.context = context
        self.language = language
        self.rules = rules
    }

    /// Reads and validates a scenario file's bytes.
    /// - Parameter wholeScenario: whether the lines are a whole scenario, in which every task
    ///   started must be stopped; not for commands run on their own (adaptive rules' commands).
    public func validate(_ bytes: [UInt8], path: String, wholeScenario: Bool = true) -> Result<Scenario, ScenarioErrors> {
        let (lines, readProblems) = ScenarioReader.read(bytes, file: path)
        return validate(lines, path: path, earlierProblems: readProblems, wholeScenario: wholeScenario)
    }

    /// Validates already-read lines.
    public func validate(_ lines: [ScenarioLine], path: String, earlierProblems: [ScenarioDiagnostic] = [],
                         wholeScenario: Bool = true) -> Result<Scenario, ScenarioErrors> {
        var diagnostics = earlierProblems
        var events: [ScenarioEvent] = []
        var plugins: [String] = []
        var lifecycleSeen: [String: Set<LifecycleCommand>] = [:]
        var settings: [ScenarioSetting] = []

        for line in lines {
            let alias = line.plugin.text
            let first = line.command.first?.text
            if Self.deprecatedNames.contains(alias) || first.map(Self.deprecatedNames.contains) == true {
                diagnostics.append(diagnostic(path, line, line.plugin.column, .warning,
                    "'l.\(line.lineNumber) > \(line.canonicalText)' is deprecated and will be ignored"))
                continue
            }
            if alias == "system" {
                if line.command.count == 1, first == "pause" {
                    events.append(ScenarioEvent(lineNumber: line.lineNumber, time: line.time, plugin: alias, command: .systemPause))
                } else {
                    let text = line.command.map(\.text).joined(separator: ";")
                    diagnostics.append(diagnostic(path, line, line.command.first?.column ?? line.plugin.column, .error,
                        "Invalid system command: \(text) (the only system command is `pause`)"))
                }
                continue
            }
            guard let descriptor = catalog.descriptor(for: alias) else {
                let known = catalog.descriptors.map(\.alias).joined(separator: ", ")
                diagnostics.append(diagnostic(path, line, line.plugin.column, .error,
                    invalidPluginName(alias) + " (expected one of: \(known), system)"))
                continue
            }
            if !plugins.contains(alias) { plugins.append(alias) }
            switch check(line, descriptor: descriptor, path: path) {
            case .success(let checked):
                for event in checked {
                    switch event.command {
                    case .lifecycle(let method): lifecycleSeen[alias, default: []].insert(method)
                    case .set(let path, let value):
                        let column = line.command.count == 2 ? line.command[1].column : line.plugin.column
                        settings.append(ScenarioSetting(lineNumber: line.lineNumber, column: column, plugin: alias, path: path, value: value))
                    case .systemPause: break
                    }
                }
                events.append(contentsOf: checked)
            case .failure(let problem):
                diagnostics.append(problem)
            }
        }

        // The tasks' rules, merged into the line-ordered list at their lines.
        let ruleProblems = rules.flatMap { $0.problems(in: settings) }.map { problem in
            ScenarioDiagnostic(file: path, line: problem.setting.lineNumber, column: problem.setting.column,
                               severity: .error, message: "\(problem.setting.path) \(problem.message)")
        }
        if !ruleProblems.isEmpty {
            diagnostics = (diagnostics + ruleProblems).enumerated()
                .sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
                .map(\.element)
        }

        for alias in plugins where wholeScenario {
            guard let descriptor = catalog.descriptor(for: alias) else { continue }
            let seen = lifecycleSeen[alias, default: []]
            if !seen.contains(.start) {
                diagnostics.append(ScenarioDiagnostic(file: path, line: 0, column: 0, severity: .error,
                    message: Translations.text("The (%s) plugin does not have a start command.", language, alias)))
            }
            if !descriptor.isBlocking && !seen.contains(.stop) {
                diagnostics.append(ScenarioDiagnostic(file: path, line: 0, column: 0, severity: .error,
                    message: Translations.text("The (%s) plugin does not have a stop command.", language, alias)))
            }
        }

        let warnings = diagnostics.filter { $0.severity == .warning }
        if diagnostics.contains(where: { $0.severity == .error }) {
            return .failure(ScenarioErrors(diagnostics: diagnostics))
        }
        return .success(Scenario(path: path, events: events, plugins: plugins, warnings: warnings))
    }

    private func check(_ line: ScenarioLine, descriptor: PluginDescriptor, path: String) -> Result<[ScenarioEvent], ScenarioDiagnostic> {
        let alias = descriptor.alias
        func event(_ command: ScenarioCommand) -> ScenarioEvent {
            ScenarioEvent(lineNumber: line.lineNumber, time: line.time, plugin: alias, command: command)
        }
        switch line.command.count {
        case 0:
            return .failure(diagnostic(path, line, line.plugin.column, .error,
                onLine("Error on line %s. This event does not trigger any command.")
                    + " (expected a method such as `start` or `parameter;value` after `\(alias)`)"))
        case 1:
            let name = line.command[0]
            guard let method = LifecycleCommand(rawValue: name.text) else {
                let methods = LifecycleCommand.allCases.map(\.rawValue).joined(separator: ", ")
                return .failure(diagnostic(path, line, name.column, .error,
                    onLine("Error on line %s. Method (%s) is not available for the plugin (%s)", name.text, alias)
                        + " (expected one of: \(methods))"))
            }
            return .success([event(.lifecycle(method))])
        case 2:
            let parameter = line.command[0], value = line.command[1]
            // Retro-compatibility: `scales-N-failure;up|down` also sets the scale's side.
            if parameter.text.contains("scales") && parameter.text.contains("failure") && (value.text == "up" || value.text == "down") {
                let side = parameter.text.replacing("failure", with: "side")
                return .success([
                    event(.set(path: parameter.text, value: .bool(true))),
                    event(.set(path: side, value: .int(value.text == "up" ? 1 : -1))),
                ])
            }
            guard let spec = descriptor.parameter(parameter.text), !spec.isCreatedAtStart else {
                return .failure(diagnostic(path, line, parameter.column, .error,
                    onLine("Error on line %s. The %s plugin does not have a %s parameter", alias, parameter.text)
                        + missingPortExplanation(alias, parameter.text)))
            }
            guard let type = spec.type else {
                return .failure(diagnostic(path, line, parameter.column, .error,
                    onLine("Warning on line %s. Parameter (%s) has no verification method", parameter.text)
                        + " (it cannot be set from a scenario)"))
            }
            switch type.validate(value.text, context: context) {
            case .success(let typed): return .success([event(.set(path: parameter.text, value: typed))])
            case .failure(let problem):
                return .failure(diagnostic(path, line, value.column, .error, "\(parameter.text) \(problem.message(in: language))"))
            }
        default:
            return .failure(diagnostic(path, line, line.command[2].column, .error,
                onLine("Error on line %s. Maximum length of an event is 2 (parameter;value).")
                    + " (found \(line.command.count) fields after `\(alias)`)"))
        }
    }

    /// OpenMATB's message in the chosen language (docs/openmatb-behaviour.md: Translated strings) without its
    /// `Error on line N. ` lead, which the `file:line:column` location replaces.
    private func onLine(_ msgid: String, _ arguments: String...) -> String {
        let marker = "\u{1}"
        let text = Translations.text(msgid, language, arguments: [marker] + arguments)
        guard let lead = text.firstRange(of: marker + ". ") else { return text }
        return String(text[lead.upperBound...])
    }

    /// Without a port, OpenMATB's parallelport has no `trigger` or `delayms` (the catalog's
    /// `withoutParallelPort` variant): say why the parameter is missing.
    private func missingPortExplanation(_ alias: String, _ parameter: String) -> String {
        guard alias == PluginAlias.parallelport, PluginDescriptor.parallelport.parameter(parameter) != nil else { return "" }
        return ": " + Translations.text("The physical parallel port was not found.", language)
            + " (no /dev/parport0 on this machine; load the ppdev module or plug in the port)"
    }

    /// "<name> is not a valid plugin name", from OpenMATB's "Scenario error: …" message.
    private func invalidPluginName(_ alias: String) -> String {
        let text = Translations.text("Scenario error: %s is not a valid plugin name (l. %s)", language, arguments: [alias, ""])
        let start = text.firstRange(of: alias)?.lowerBound ?? text.startIndex
        let end = text.ranges(of: " (l. ").last?.lowerBound ?? text.endIndex
        return String(text[start..<end])
    }

    private func diagnostic(_ path: String, _ line: ScenarioLine, _ column: Int, _ severity: ScenarioDiagnostic.Severity, _ message: String) -> ScenarioDiagnostic {
        ScenarioDiagnostic(file: path, line: line.lineNumber, column: column, severity: severity, message: message)
    }
}

/// Every problem that stopped a scenario from validating.
public struct ScenarioErrors: Error, Hashable, Sendable, CustomStringConvertible {
    public var diagnostics: [ScenarioDiagnostic]
    public init(diagnostics: [ScenarioDiagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
