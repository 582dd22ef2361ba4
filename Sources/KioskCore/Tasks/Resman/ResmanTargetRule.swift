/// Only tanks A and B can have a target: OpenMATB 1.4.5 accepts `tank-c-target` … 
/// `tank-f-target` but fails at the next resman update (the tank lacks its tolerance state),
/// so labkiosk rejects them when the scenario is checked.
struct ResmanTargetRule: ScenarioRule {
    func problems(in settings: [ScenarioSetting]) -> [ScenarioRuleProblem] {
        settings.compactMap { setting in
            guard setting.plugin == PluginAlias.resman, case .tank(let tank, .target)? = ResmanPath(path: setting.path),
                  tank != .a, tank != .b else { return nil }
            return ScenarioRuleProblem(setting: setting, message:
                "cannot be set: only tanks a and b have a target (OpenMATB 1.4.5 stops with an error on it at run time)")
        }
    }
}
