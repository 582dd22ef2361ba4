/// Reads a drawing-pad configuration: Java InteractLog's `.ini` as it writes it
/// (`label<spaces>:value`, labels trimmed, `***` comment lines), with labkiosk's own keys in the
/// same form. Unlike InteractLog, which skips what it cannot read, every problem is reported
/// with its line and column and nothing runs.
public enum PadConfigurationReader {
    public static func read(_ text: String, file: String) -> Result<PadConfiguration, ScenarioErrors> {
        var configuration = PadConfiguration()
        var problems: [ScenarioDiagnostic] = []
        var seen: [String: Int] = [:]
        // By scalars: "\r\n" (InteractLog on Windows) is one Character, so a String would not split there.
        for (index, rawScalars) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let scalars = rawScalars.last == "\r" ? rawScalars.dropLast() : rawScalars
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            let line = Substring(String(view))
            let lineNumber = index + 1
            if line.hasPrefix("***") || line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            func problem(_ column: Int, _ message: String) {
                problems.append(ScenarioDiagnostic(file: file, line: lineNumber, column: column, severity: .error, message: message))
            }
            guard let colon = line.firstIndex(of: ":") else {
                problem(1, "expected `label :value` or a `***` comment")
                continue
            }
            let label = String(line[..<colon]).trimmed()
            let valueStart = line.index(after: colon)
            let valueColumn = line.distance(from: line.startIndex, to: valueStart) + 1
            let rawValue = String(line[valueStart...])
            guard let key = PadSettingKey.byLabel[label] else {
                let labelColumn = (line.firstIndex { $0 != " " && $0 != "\t" }).map { line.distance(from: line.startIndex, to: $0) + 1 } ?? 1
                problem(labelColumn, "unknown setting `\(label)`; expected one of: \(PadSettingKey.all.map(\.label).joined(separator: ", "))")
                continue
            }
            if let earlier = seen[key.label] {
                problem(1, "`\(key.label)` is set again (first on line \(earlier))")
                continue
            }
            seen[key.label] = lineNumber
            do {
                try key.apply(rawValue, &configuration)
            } catch {
                problem(valueColumn + error.offset, error.message)
            }
        }
        for problem in validate(configuration, file: file) { problems.append(problem) }
        return problems.isEmpty ? .success(configuration) : .failure(ScenarioErrors(diagnostics: problems))
    }

    /// Checks that span several settings.
    private static func validate(_ configuration: PadConfiguration, file: String) -> [ScenarioDiagnostic] {
        let phased = configuration.stimulusPhases.reduce(0) { $0 + $1.count }
        if !configuration.stimulusPhases.isEmpty && phased != configuration.stimulusImages.count {
            return [ScenarioDiagnostic(file: file, line: 0, column: 0, severity: .error,
                                       message: "`stimulus phases` covers \(phased) stimuli but `stimulus images` names \(configuration.stimulusImages.count)")]
        }
        return []
    }
}

/// A problem in one setting's value, `offset` characters into the value.
struct PadSettingError: Error {
    var offset: Int
    var message: String
}

extension PadConfigurationReader {
    /// Whether a label (untrimmed, as it stands before the `:`) is a pad setting.
    public static func isSetting(_ label: String) -> Bool {
        PadSettingKey.byLabel[label.trimmed()] != nil
    }
}
