import Testing

@testable import KioskCore

/// The search that replaces OpenMATB's endless loop with a verdict.
@Suite struct CallsignFeasibilityTests {
    func verdict(_ pattern: String, _ count: Int, budget: Int = CallsignFeasibility.defaultBudget) throws
        -> CallsignFeasibility
    {
        CallsignFeasibility.analyze(try Xeger(pattern), distinctCallsigns: count, budget: budget)
    }

    @Test func commonPatternsAreFeasible() throws {
        #expect(try verdict(#"[A-Z][A-Z][A-Z]\d\d\d"#, 6) == .feasible)
        #expect(try verdict(#"ENSC\d\d"#, 6) == .feasible)
        #expect(try verdict(#"[A-Z]{2,4}"#, 100) == .feasible)
        #expect(try verdict(#"(AB|CD)\d"#, 20) == .feasible)
    }

    @Test func exactCountsOfSmallLanguages() throws {
        #expect(try verdict("[A-Z]", 26) == .feasible)
        #expect(try verdict("[A-Z]", 27) == .infeasible)
        #expect(try verdict("[ABC]{2}", 6) == .feasible)  // AB AC BA BC CA CB
        #expect(try verdict("[ABC]{2}", 7) == .infeasible)
        #expect(try verdict("A?", 2) == .feasible)  // "" and "A"
        #expect(try verdict("A?", 3) == .infeasible)
    }

    @Test func pigeonholeCutsAreImmediate() throws {
        // Without the counting cut this would enumerate 26! / 16! prefixes.
        #expect(try verdict("[A-Z]{10}[a-z]", 1, budget: 100) == .infeasible)
        #expect(try verdict("[A-Z0-9]{37}", 1, budget: 100) == .infeasible)
    }

    @Test func backReferencesOnlyWorkWhenEmpty() throws {
        #expect(try verdict(#"(A?)B\1"#, 1) == .feasible)  // A empty: "B"
        #expect(try verdict(#"(A?)B\1"#, 2) == .infeasible)  // "ABA" repeats A
    }

    @Test func lookaheadTextCounts() throws {
        #expect(try verdict("(?=A)A", 1) == .infeasible)  // rstr emits "AA"
        #expect(try verdict("(?!A)A", 1) == .feasible)  // rstr emits "A"
    }

    @Test func budgetExhaustionIsUndetermined() throws {
        #expect(try verdict("(?:[A-Z]?){50}[a-z]{0}[A-Z]{27}", 1, budget: 50) == .infeasible)
        #expect(try verdict("(?:A?){100}(?:B?){100}", 5, budget: 1_000) == .undetermined)
    }
}

extension CallsignFeasibilityTests {
    @Test func deepSearchStopsCleanly() throws {
        // Hundreds of nested optional steps: the depth guard ends the search, no crash.
        #expect(
            try verdict("(?:A?){100}(?:B?){100}(?:C?){100}(?:D?){100}(?:E?){100}", 40, budget: 5_000_000) != .infeasible
        )
    }
}
