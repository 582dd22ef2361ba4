import Testing

@testable import KioskCore

/// `get_callsign` / `regenerate_callsigns` against the reference values (docs/openmatb-behaviour.md:
/// Reference values), plus sequences computed once with rstr 3.1.0 on CPython 3.11 and pasted here.
@Suite struct CallsignGeneratorTests {
    let defaultRegex: Xeger
    init() throws {
        defaultRegex = try Xeger(CallsignGenerator.defaultRegex)
    }

    @Test func sessionOneEndToEnd() throws {
        var generator = CallsignGenerator(runNumber: 1)
        let set = try generator.regenerate(defaultRegex, distractorCount: 5, at: .zero)
        #expect(set.own == "HSR259")
        #expect(set.distractors == ["TIX580", "KEM018", "SBN790", "PIV852", "DTW834"])
        #expect(generator.counter == 14)
    }

    @Test(
        "session 1 draws with their seeds",
        arguments: zip(
            0...6,
            [
                (3, "HSR259", nil), (5, "TIX580", nil), (7, "KEM018", nil),
                (9, "OTL422", CallsignAttempt.Rejection.repeatedCharacter),
                (10, "SBN790", nil), (12, "PIV852", nil), (14, "DTW834", nil),
            ] as [(Int, String, CallsignAttempt.Rejection?)]))
    func sessionOneAttempt(index: Int, expected: (seed: Int, text: String, rejection: CallsignAttempt.Rejection?))
        throws
    {
        var generator = CallsignGenerator(runNumber: 1)
        let set = try generator.regenerate(defaultRegex, distractorCount: 5, at: .zero)
        #expect(set.attempts.count == 7)
        #expect(
            set.attempts[index]
                == CallsignAttempt(
                    draw: SeededDraw(seed: expected.seed, value: expected.text), rejection: expected.rejection))
    }

    @Test func counterCarriesOverToALaterRegeneration() throws {
        // After session 1's first regeneration (counter 14), the regex changes to [A-C]\d
        // and callsigns are regenerated at t = 10.5 s.
        var generator = CallsignGenerator(runNumber: 1)
        let first = try generator.regenerate(defaultRegex, distractorCount: 5, at: .zero)
        let second = try generator.regenerate(
            try Xeger(#"[A-C]\d"#), distractorCount: 3, existingDistractors: first.distractors,
            at: .milliseconds(10_500))
        #expect(second.own == "C3")
        #expect(second.distractors == first.distractors + ["A2", "C4", "A3"])
        #expect(second.attempts.map(\.draw.seed) == [26, 28, 30, 32])
        #expect(generator.counter == 22)
    }

    @Test func alreadyUsedCallsignsAreDrawnAgain() throws {
        // Session 3, [AB][AB], one distractor: only AB and BA are valid.
        var generator = CallsignGenerator(runNumber: 3)
        let set = try generator.regenerate(try Xeger("[AB][AB]"), distractorCount: 1, at: .zero)
        #expect(set.own == "AB")
        #expect(set.distractors == ["BA"])
        #expect(set.attempts.map(\.draw.seed) == [5, 6, 8, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 23])
        #expect(
            set.attempts.map(\.draw.value) == [
                "BB", "AB", "AB", "AB", "BB", "BB", "AA", "AA", "BB", "BB", "AA", "AA", "AB", "AA", "BA",
            ])
        #expect(set.attempts[2].rejection == .alreadyUsed)
        #expect(set.attempts[4].rejection == .repeatedCharacter)
        #expect(set.attempts.last?.rejection == nil)
        #expect(generator.counter == 21)
    }

    @Test func singleCallsignWithTimeInTheSeed() throws {
        // Session 1, [A-Z]{2}\d, at t = 65.2 s: seeds 1 + 65 + 2 = 68, …
        var generator = CallsignGenerator(runNumber: 1)
        let set = try generator.regenerate(try Xeger(#"[A-Z]{2}\d"#), distractorCount: 2, at: .milliseconds(65_200))
        #expect(set.own == "WX8")
        #expect(set.distractors == ["JW7", "ZT2"])
        #expect(set.attempts.map(\.draw.seed) == [68, 70, 72])
    }

    @Test func nextCallsignAdvancesTheCounter() throws {
        var generator = CallsignGenerator(runNumber: 1)
        let first = try generator.nextCallsign(defaultRegex, at: .zero)
        #expect(first.callsign == "HSR259")
        #expect(first.attempts.map(\.draw.seed) == [3])
        #expect(generator.counter == 3)
    }

    @Test func singleCallsignIsCheckedToo() throws {
        var generator = CallsignGenerator(runNumber: 1)
        #expect(throws: CallsignGenerationError.cannotProduceCallsigns(regex: "A{150}", needed: 1)) {
            try generator.nextCallsign(try Xeger("A{150}"), at: .zero)
        }
    }

    @Test func lowerCaseRegexFailsInsteadOfHanging() throws {
        var generator = CallsignGenerator(runNumber: 1)
        #expect(throws: CallsignGenerationError.cannotProduceCallsigns(regex: "[a-z]{3}", needed: 6)) {
            try generator.regenerate(try Xeger("[a-z]{3}"), distractorCount: 5, at: .zero)
        }
        #expect(generator.counter == 1)  // nothing drawn, nothing changed
    }

    @Test func tooFewDistinctCallsignsFailsInsteadOfHanging() throws {
        var generator = CallsignGenerator(runNumber: 1)
        #expect(throws: CallsignGenerationError.cannotProduceCallsigns(regex: "[AB][AB]", needed: 3)) {
            try generator.regenerate(try Xeger("[AB][AB]"), distractorCount: 2, at: .zero)
        }
    }

    @Test func attemptCapStopsUndecidedPatterns() throws {
        // Valid callsigns exist but are rare; a tiny cap shows the clean stop.
        var generator = CallsignGenerator(runNumber: 1, attemptLimit: 3)
        #expect(throws: CallsignGenerationError.self) {
            try generator.nextCallsign(try Xeger("[a-zA-Z]{8}"), at: .zero)
        }
        #expect(generator.counter == 1)
    }

    @Test func characterCapStopsHugeDraws() throws {
        // Draws average fifty characters and are valid only without any `a`.
        var generator = CallsignGenerator(runNumber: 1, characterLimit: 200)
        #expect(throws: CallsignGenerationError.self) {
            try generator.nextCallsign(try Xeger("[A-Z]a{0,100}"), at: .zero)
        }
        #expect(generator.counter == 1)
    }

    @Test func generationErrorsAreWrapped() throws {
        // Session 3: the first draw uses seed 5, which picks the back-reference branch
        // before group 1 exists (rstr raises KeyError).
        var generator = CallsignGenerator(runNumber: 3)
        let pattern = try Xeger(#"(A)|\1"#)
        do {
            _ = try generator.nextCallsign(pattern, at: .zero)
            Issue.record("expected an error")
        } catch {
            guard case .generation(let inner) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(inner.kind == .cannotGenerate)
        }
    }

    @Test(
        "OpenMATB's acceptance test",
        arguments: [("HSR259", true), ("OTL422", false), ("abc123", false), ("AB-12", false), ("", true)])
    func validity(text: String, valid: Bool) {
        #expect(CallsignGenerator.isValidCallsign(text) == valid)
    }

    @Test(
        "static check: can the regex give one valid callsign",
        arguments: [
            (#"[A-Z][A-Z][A-Z]\d\d\d"#, true),
            (#"[a-z]{3}"#, false),  // lower case only: OpenMATB hangs
            (#"[A-Z]{27}"#, false),  // 27 distinct letters do not exist
            (#"[AB]{3}"#, false),
            (#"AA"#, false),
            (#"(A)\1"#, false),
            (#"A{150}"#, false),  // rstr always fails
            (#"[unclosed"#, false),  // not a regex
            (#"[a-z]*"#, true),  // the empty string passes, as in OpenMATB
            (#"(?:[a-z]|[A-Z])\d"#, true),
            (#".{6}"#, true),
            (#"[A-Za-z]{6}"#, true),
        ])
    func staticCheck(regex: String, expected: Bool) {
        #expect(CallsignGenerator.canProduceValidCallsign(regex) == expected)
    }

    @Test func staticCheckForAWholeRegeneration() {
        #expect(CallsignGenerator.canProduceValidCallsigns(CallsignGenerator.defaultRegex, count: 6))
        #expect(!CallsignGenerator.canProduceValidCallsigns("[a-z]*", count: 6))  // only "" is valid
        #expect(CallsignGenerator.canProduceValidCallsigns("[AB][AB]", count: 2))
        #expect(!CallsignGenerator.canProduceValidCallsigns("[AB][AB]", count: 3))
    }
}
