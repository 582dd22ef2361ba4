@testable import KioskCore

/// Validates scenario text for tests, with resman and communications started and stopped.
public enum ValidationHarness {
    /// Every problem found in `body` plus lines starting and stopping both tasks.
    public static func diagnostics(_ body: String) -> [ScenarioDiagnostic] {
        let text = body + "\n0:00:00;communications;start\n0:00:09;communications;stop\n0:00:00;resman;start\n0:00:09;resman;stop\n"
        switch ScenarioValidator(context: .noFiles).validate(Array(text.utf8), path: "s.txt") {
        case .success: return []
        case .failure(let errors): return errors.diagnostics
        }
    }
}
