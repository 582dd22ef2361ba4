import FoundationEssentials
import KioskCore

extension BlockKind {
    /// An instructions file on its own, run as a one-plugin scenario.
    public static let instructions = slides(.instructions, screenTitle: "Instructions")
    /// A questionnaire on its own, run as a one-plugin scenario.
    public static let questionnaire = slides(.questionnaire, screenTitle: "A questionnaire")

    private static func slides(_ plan: PlanBlockKind, screenTitle: String) -> BlockKind {
        BlockKind(plan: plan, screenTitle: screenTitle, fileNoun: "file", log: .matb) { request in
            ScenarioLoader(bundledIncludes: request.bundledIncludes, language: request.language)
                .load(slides: plan, file: URL(fileURLWithPath: request.path))
                .map { LoadedScenario(loaded: $0, path: request.path) }
        }
    }
}
