extension TOMLDocument {
    /// Parses `text`, or says where it is not TOML as a diagnostic of `file`: "not valid in
    /// `what`: …" (a consent form, a judgement configuration).
    public static func parse(_ text: String, file: String, what: String) -> Result<TOMLDocument, ScenarioErrors> {
        parse(text).mapError { error in
            ScenarioErrors(diagnostics: [ScenarioDiagnostic(file: file, line: error.line, column: error.column, severity: .error,
                                                            message: "not valid in \(what): \(error.message)")])
        }
    }
}
