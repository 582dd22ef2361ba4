import Testing
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
