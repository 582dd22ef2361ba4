/// A `callsignregex` must be able to produce the callsigns communications needs: an own
/// callsign and `othercallsignnumber` different distractors, each made of distinct
/// characters among A–Z and 0–9 (docs/openmatb-behaviour.md: Callsigns). OpenMATB loops forever on a regex
/// that cannot; labkiosk rejects it when the scenario is checked.
///
/// The count checked is one more than the largest `othercallsignnumber` the scenario sets
/// (5 by default). A large `othercallsignnumber` that the default regex cannot satisfy is
/// reported on its own line.
struct CallsignRegexRule: ScenarioRule {
    func problems(in settings: [ScenarioSetting]) -> [ScenarioRuleProblem] {
        let relevant = settings.filter { $0.plugin == PluginAlias.communications }
        let counts = relevant.filter { $0.path == "othercallsignnumber" }
        let largest = counts.compactMap { $0.value.number.map { Int($0.rounded(.towardZero)) } }.max() ?? 5
        let distractors = max(largest, 5)
        var problems: [ScenarioRuleProblem] = []
        for setting in relevant where setting.path == "callsignregex" {
            guard let regex = setting.value.text else { continue }
            if let message = Self.problem(regex, distractors: distractors) {
                problems.append(ScenarioRuleProblem(setting: setting, message: message))
            }
        }
        if let largestSetting = counts.max(by: { ($0.value.number ?? 0) < ($1.value.number ?? 0) }),
           !relevant.contains(where: { $0.path == "callsignregex" }),
           let message = Self.problem(CommunicationsDescriptor.defaultCallsignRegex, distractors: distractors) {
            problems.append(ScenarioRuleProblem(setting: largestSetting, message: "is too large: " + message))
        }
        return problems
    }

    /// Why `regex` cannot give an own callsign and `distractors` others, or nil if it can.
    static func problem(_ regex: String, distractors: Int) -> String? {
        if !CallsignGenerator.canProduceValidCallsign(regex) {
            return "cannot produce a valid callsign (distinct letters A–Z or digits 0–9) (not \(regex)); OpenMATB would wait for one forever"
        }
        if !CallsignGenerator.canProduceValidCallsigns(regex, count: 1 + distractors) {
            return "cannot produce \(1 + distractors) different valid callsigns (the own callsign and othercallsignnumber = \(distractors) others) (not \(regex)); OpenMATB would wait for them forever"
        }
        return nil
    }
}
