/// Which voices a scenario's communications prompts can speak with, so the shell loads and
/// checks exactly those clips before the session starts.
public enum CommunicationsVoices {
    /// The default voice (`voiceidiom` french, `voicegender` female) and every combination of
    /// the idioms and genders the scenario sets; none if it does not use communications.
    public static func voices(for scenario: Scenario, catalog: PluginCatalog = .openMATB) -> Set<Voice> {
        guard scenario.plugins.contains("communications"), let descriptor = catalog.descriptor(for: "communications") else { return [] }
        var idioms: Set<String> = [descriptor.parameter("voiceidiom")?.defaultValue.text ?? "french"]
        var genders: Set<String> = [descriptor.parameter("voicegender")?.defaultValue.text ?? "female"]
        for event in scenario.events where event.plugin == "communications" {
            guard case .set(let path, let value) = event.command, let text = value.text else { continue }
            if path == "voiceidiom" { idioms.insert(text) }
            if path == "voicegender" { genders.insert(text) }
        }
        return Set(idioms.flatMap { idiom in genders.map { Voice(idiom: idiom, gender: $0) } })
    }
}
