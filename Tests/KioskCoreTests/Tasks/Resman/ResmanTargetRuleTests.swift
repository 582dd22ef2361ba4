import Testing
import TestSupport
@testable import KioskCore

/// Targets of tanks C–F are rejected when the scenario is checked (OpenMATB fails at run time).
@Suite struct ResmanTargetRuleTests {
    @Test func onlyTanksAAndBTakeATarget() {
        #expect(ValidationHarness.diagnostics("0:00:01;resman;tank-a-target;2000").isEmpty)
        let found = ValidationHarness.diagnostics("0:00:01;resman;tank-c-target;500")
        #expect(found.map(\.line) == [1])
        #expect(found.map(\.column) == [30])
        #expect(found.first?.message.hasPrefix("tank-c-target cannot be set: only tanks a and b have a target") == true)
    }

    @Test func ruleErrorsSitInLineOrderAmongOtherErrors() {
        let found = ValidationHarness.diagnostics("""
            0:00:01;resman;tank-f-target;100
            0:00:02;resman;tank-a-level;-5
            0:00:03;resman;tank-d-target;500
            """)
        #expect(found.map(\.line) == [1, 2, 3])
    }
}
