import Testing
import TestSupport
@testable import KioskCore

/// The clip sequence OpenMATB plays for a prompt (docs/openmatb-behaviour.md: Communications).
@Suite struct SpokenPromptTests {
    @Test func sequenceOfClips() {
        let clips = SpokenPrompt.clips(callsign: "HSR259", radio: "NAV_1", frequencyText: "117.1")
        #expect(clips.prefix(20).allSatisfy { $0 == "empty" })
        #expect(Array(clips.dropFirst(20)) == [
            "h", "s", "r", "2", "5", "9", "h", "s", "r", "2", "5", "9", "radio", "nav_1", "frequency",
            "1", "1", "7", "point", "1", "empty",
        ])
    }

    @Test func fortyFourClipNames() {
        #expect(VoiceCatalog.clipNames.count == 44)
        #expect(Set(VoiceCatalog.clipNames).count == 44)
    }

    @Test func durationsAreExactSampleCounts() {
        #expect(VoiceCatalog.duration(samples: 44_100) == .seconds(1))
        #expect(VoiceCatalog.duration(samples: 4_410) == .milliseconds(100))
        #expect(VoiceCatalog.uniform(4_410).sampleCount(of: "point", voice: Voice(idiom: "french", gender: "male")) == 4_410)
    }
}

/// Prompts timed by OpenMATB's recorded clips (docs/compatibility.md: Communications prompts).
@Suite struct PromptTimingTests {
    @Test func openMATBTimingGivesThePromptOpenMATBsLength() throws {
        var harness = try SessionHarness(CommunicationsTaskTests.ownPrompt, voices: CommunicationsTaskTests.voices, promptTiming: .openMATB)
        harness.run(until: 17, step: 1.0 / 60)
        // HSR259 twice, radio, nav_1, frequency, 1 1 7 point 1 and 21 × empty in OpenMATB's
        // French female voice: 533,176 samples = 12.090 s from 4.0; seen at the next 80 ms update.
        #expect(harness.linesWithoutLogtime.contains("16.16,manual,,,Target NAV_1:117.1"))
        #expect(harness.linesWithoutLogtime.contains("0,manual,labkiosk,prompt_timing,openmatb"))
    }

    @Test func voicesOpenMATBLacksKeepTheirOwnLengths() {
        let englishFemale = Voice(idiom: "english", gender: "female"), frenchMale = Voice(idiom: "french", gender: "male")
        let timed = VoiceCatalog.uniform(1_000).timed(by: .openMATB)
        #expect(timed.sampleCount(of: "radio", voice: englishFemale) == 1_000)
        #expect(timed.sampleCount(of: "radio", voice: frenchMale) == 46_280)
        #expect(VoiceCatalog.uniform(1_000).timed(by: .spoken).sampleCount(of: "radio", voice: frenchMale) == 1_000)
    }

    @Test func everyClipOfEveryOpenMATBVoiceHasALength() {
        #expect(OpenMATBClipLengths.sampleCounts.keys.sorted() == [
            Voice(idiom: "english", gender: "male"), Voice(idiom: "french", gender: "female"), Voice(idiom: "french", gender: "male"),
        ])
        for counts in OpenMATBClipLengths.sampleCounts.values {
            #expect(Set(counts.keys) == Set(VoiceCatalog.clipNames))
        }
    }

    @Test func theOpenMATBCadenceTakesOpenMATBsLengthsUnlessToldOtherwise() {
        #expect(PromptTiming.standard(for: .openmatb) == .openMATB)
        #expect(PromptTiming.standard(for: .fixed) == .spoken)
    }
}
