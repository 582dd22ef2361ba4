import Testing
import TestSupport
@testable import KioskCore

/// A callsign regex that cannot give communications its callsigns is rejected at its value
/// (OpenMATB loops forever on it, docs/openmatb-behaviour.md: Callsigns).
@Suite struct CallsignRegexRuleTests {
    static func diagnostics(_ body: String) -> [ScenarioDiagnostic] { ValidationHarness.diagnostics(body) }

    @Test func regexThatCannotProduceAValidCallsignIsRejectedAtItsLine() throws {
        let found = Self.diagnostics("0:00:01;communications;callsignregex;[a-z]{6}")
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect(problem.line == 1 && problem.column == 38)
        #expect(problem.message.hasPrefix("callsignregex cannot produce a valid callsign"))
        #expect(problem.description.hasPrefix("s.txt:1:38: error: callsignregex cannot produce a valid callsign"))
    }

    @Test func regexWithRepeatedCharactersOnlyIsRejected() {
        #expect(Self.diagnostics("0:00:01;communications;callsignregex;AA\\d").count == 1)
    }

    @Test func regexWithTooFewDistinctCallsignsIsRejected() {
        let found = Self.diagnostics("0:00:01;communications;callsignregex;ABC")
        #expect(found.map(\.message) == [
            "callsignregex cannot produce 6 different valid callsigns (the own callsign and othercallsignnumber = 5 others) (not ABC); OpenMATB would wait for them forever",
        ])
    }

    @Test func countIsCheckedAgainstTheLargestOtherCallsignNumber() {
        #expect(Self.diagnostics("0:00:01;communications;callsignregex;ENSC\\d\\d").isEmpty)
        let found = Self.diagnostics("""
            0:00:01;communications;callsignregex;ENSC\\d\\d
            0:00:02;communications;othercallsignnumber;100
            """)
        #expect(found.count == 1 && found.first?.line == 1)
    }

    @Test func defaultAndReasonableRegexesPass() {
        #expect(Self.diagnostics("0:00:01;communications;callsignregex;[A-Z]{2}\\d{3}").isEmpty)
        #expect(Self.diagnostics("0:00:01;communications;othercallsignnumber;3").isEmpty)
    }
}
