import Testing
@testable import KioskCore

/// The voices the shell must load for a scenario's prompts.
@Suite struct CommunicationsVoicesTests {
    static func voices(_ body: String) throws -> Set<Voice> {
        let text = body + "\n0:00:00;communications;start\n0:01:00;communications;stop\n"
        return CommunicationsVoices.voices(for: try ScenarioValidator(context: .noFiles).validate(Array(text.utf8), path: "s").get())
    }

    static let frenchFemale = Voice(idiom: "french", gender: "female")
    static let englishFemale = Voice(idiom: "english", gender: "female")
    static let englishMale = Voice(idiom: "english", gender: "male")

    @Test func noPromptNeedsNoVoice() throws {
        #expect(try Self.voices("0:00:00;communications;voiceidiom;english").isEmpty)
    }

    @Test func theVoiceSetBeforeThePromptIsTheOnlyOne() throws {
        #expect(try Self.voices("0:00:00;communications;voiceidiom;english\n0:00:05;communications;radioprompt;own") == [Self.englishFemale])
        // Same instant: events run in file order before the update that speaks.
        #expect(try Self.voices("0:00:05;communications;radioprompt;own\n0:00:05;communications;voiceidiom;english") == [Self.englishFemale])
    }

    @Test func aChangeJustAfterThePromptMayStillApply() throws {
        let voices = try Self.voices("""
            0:00:05;communications;radioprompt;own
            0:00:05;communications;taskupdatetime;3000
            0:00:07;communications;voicegender;male
            0:00:07;communications;voiceidiom;english
            0:00:20;communications;voicegender;female
            """)
        #expect(voices == [Self.frenchFemale, Voice(idiom: "french", gender: "male"), Self.englishMale])
    }

    @Test func aPausedTaskSpeaksAfterItResumes() throws {
        let voices = try Self.voices("""
            0:00:04;communications;pause
            0:00:05;communications;radioprompt;other
            0:00:10;communications;voiceidiom;english
            0:00:12;communications;resume
            """)
        #expect(voices == [Self.frenchFemale, Self.englishFemale])
    }

    @Test func bundledDefaultScenarioNeedsOneVoice() throws {
        let voices = try Self.voices("""
            0:00:00;communications;voiceidiom;english
            0:00:00;communications;voicegender;female
            0:00:15;communications;radioprompt;own
            0:00:40;communications;radioprompt;other
            """)
        #expect(voices == [Self.englishFemale])
    }
}
