import Testing
import TestSupport
@testable import KioskCore

/// Communications through a session, session 1, against the reference values (docs/openmatb-behaviour.md:
/// Reference values).
@Suite struct CommunicationsTaskTests {
    /// Every clip lasts 0.1 s, so a prompt of n clips lasts n/10 s.
    static let voices = VoiceCatalog.uniform(4_410)

    static let ownPrompt = """
        0:00:00;communications;start
        0:00:04;communications;radioprompt;own
        0:01:00;communications;stop
        """

    static func lines(_ harness: SessionHarness) -> [String] {
        harness.linesWithoutLogtime.filter { $0.contains("communications") || $0.contains(",manual,") || $0.contains("keyboard") || $0.contains("mouse_key") }
    }

    @Test func constructionDrawsTheReferenceCallsignsAndFrequencies() throws {
        let harness = try SessionHarness(Self.ownPrompt, voices: Self.voices)
        let lines = harness.linesWithoutLogtime
        let seeds = lines.filter { $0.hasPrefix("0,seed_") }
        #expect(Array(seeds.prefix(16)) == [
            "0,seed_value,communications,,3", "0,seed_output,communications,,HSR259",
            "0,seed_value,communications,,5", "0,seed_output,communications,,TIX580",
            "0,seed_value,communications,,7", "0,seed_output,communications,,KEM018",
            "0,seed_value,communications,,9", "0,seed_output,communications,,OTL422",
            "0,seed_value,communications,,10", "0,seed_output,communications,,SBN790",
            "0,seed_value,communications,,12", "0,seed_output,communications,,PIV852",
            "0,seed_value,communications,,14", "0,seed_output,communications,,DTW834",
            "0,seed_value,communications,,1", "0,seed_output,communications,,111.896563",
        ])
        #expect(seeds.count == 22)
        #expect(lines.drop { !$0.hasPrefix("0,seed_") }.first == "0,seed_value,communications,,3")
        #expect(lines[lines.firstIndex(of: "0,seed_value,communications,,3")! - 1] == "0,manual,labkiosk,stick_gain,1.0")
        #expect(lines.contains("0.0,parameter,communications,owncallsign,HSR259"))
        #expect(lines.contains("0.0,parameter,communications,othercallsign,\"['TIX580', 'KEM018', 'SBN790', 'PIV852', 'DTW834']\""))
        for (index, frequency) in ["111.9", "135.7", "114.9", "114.8"].enumerated() {
            #expect(lines.contains("0.0,parameter,communications,radios-\(index)-currentfreq,\(frequency)"))
        }
    }

    @Test func startSelectsNAV2AndShowsTheBareCallsign() throws {
        let harness = try SessionHarness(Self.ownPrompt, voices: Self.voices)
        let lines = harness.linesWithoutLogtime
        #expect(lines.contains("0.0,seed_value,communications,,1"))
        #expect(lines.contains("0.0,seed_output,communications,,1"))
        #expect(lines.contains("0.0,parameter,communications,radios-1-is_active,1"))
        #expect(lines.filter { $0 == "0.0,state,communications,\"radio_NAV_2, selected\",1" }.count == 2)
        #expect(lines.contains("0.0,state,communications,\"callsign, text\",HSR259"))
        #expect(lines.contains("0.0,aoi,communications,radio_NAV_1,\"(0, 388.8, 576, 340.2)\""))
        #expect(lines.contains("0.0,aoi,communications,callsign,\"(0, 486.0, 576, 0.0)\""))
    }

    @Test func ownPromptPicksNAV1AndTarget117Point1ThenSpeaks() throws {
        var harness = try SessionHarness(Self.ownPrompt, voices: Self.voices)
        harness.run(until: 9, step: 1.0 / 60)
        let lines = Self.lines(harness)
        let atFour = lines.filter { $0.hasPrefix("4.0,") }
        #expect(atFour.first == "4.0,event,communications,radioprompt,own")
        #expect(atFour.dropFirst().first == "4.0,seed_value,communications,,6")
        #expect(atFour.dropFirst(2).first == "4.0,seed_output,communications,,\"{'name': 'NAV_1', 'currentfreq': 111.9, 'targetfreq': None, 'pos': 0, 'response_time': 0, 'is_active': False, 'is_prompting': False, '_feedbacktimer': None, '_feedbacktype': None, 'widget': <core.widgets.radio.Radio object>}\"")
        let frequencySeeds = atFour.filter { $0.contains("seed_value") }.dropFirst().map { $0.split(separator: ",").last.map(String.init) ?? "" }
        #expect(frequencySeeds == stride(from: 5, through: 650, by: 15).map(String.init))
        #expect(atFour.contains("4.0,seed_output,communications,,117.103222"))
        // 41 clips of 0.1 s from 4.0: the prompt ends at 8.1, seen at the next update (8.16).
        #expect(lines.contains("8.16,manual,,,Target NAV_1:117.1"))
        #expect(!lines.contains { $0.contains("Target") && !$0.hasPrefix("8.16") })
        guard case .play(let prompt)? = harness.sounds.first else {
            Issue.record("no prompt played")
            return
        }
        #expect(prompt.voice == Voice(idiom: "french", gender: "female"))
        #expect(prompt.clips == SpokenPrompt.clips(callsign: "HSR259", radio: "NAV_1", frequencyText: "117.1"))
        #expect(harness.session.hosts.first?.parameters["radioprompt"] == .string(""))
    }

    @Test func holdingRightTunesByOneTenthPerUpdate() throws {
        var harness = try SessionHarness(Self.ownPrompt, voices: Self.voices)
        harness.send(.keyPress("UP"), at: 0.5)
        harness.send(.keyRelease("UP"), at: 0.55)
        harness.send(.keyPress("RIGHT"), at: 1.0)
        harness.run(until: 1.39, step: 1.0 / 60)
        harness.send(.keyRelease("RIGHT"), at: 1.39)
        harness.run(until: 2, step: 1.0 / 60)
        let lines = Self.lines(harness)
        #expect(lines.contains("0.5,state,communications,\"radio_NAV_1, selected\",1"))
        #expect(lines.contains("0.5,state,communications,\"radio_NAV_2, selected\",0"))
        let tuned = lines.filter { $0.contains("radio_NAV_1, radio_frequency") }
        // Updates at 1.04 … 1.36 (five), each adding 0.1 to 111.9.
        #expect(tuned == ["1.04,state,communications,\"radio_NAV_1, radio_frequency\",112.0",
                          "1.12,state,communications,\"radio_NAV_1, radio_frequency\",112.1",
                          "1.2,state,communications,\"radio_NAV_1, radio_frequency\",112.2",
                          "1.28,state,communications,\"radio_NAV_1, radio_frequency\",112.3",
                          "1.36,state,communications,\"radio_NAV_1, radio_frequency\",112.4"])
    }

    @Test func answeringTheTargetIsAHitWithItsResponseTime() throws {
        var harness = try SessionHarness("""
            0:00:00;communications;start
            0:00:00;communications;feedbacks-positive-active;True
            0:00:04;communications;radioprompt;own
            0:01:00;communications;stop
            """, voices: Self.voices)
        harness.run(until: 8.5, step: 1.0 / 60)
        harness.send(.keyPress("UP"), at: 8.5)
        harness.send(.keyRelease("UP"), at: 8.52)
        harness.send(.keyPress("RIGHT"), at: 8.6)
        // From 111.9 to 117.1: 52 steps of 0.1, one per 80 ms update.
        harness.run(until: 8.6 + 52 * 0.08 - 0.01, step: 1.0 / 60)
        harness.send(.keyRelease("RIGHT"), at: 12.8)
        harness.send(.keyPress("ENTER"), at: 13.0)
        let lines = Self.lines(harness).filter { $0.hasPrefix("13.0,") }
        #expect(lines == [
            "13.0,performance,communications,response_was_needed,1",
            "13.0,performance,communications,target_radio,NAV_1",
            "13.0,performance,communications,responded_radio,NAV_1",
            "13.0,performance,communications,target_frequency,117.1",
            "13.0,performance,communications,responded_frequency,117.1",  // 117.09999999999971 rounded to 6 places
            "13.0,performance,communications,correct_radio,1",
            // 111.9 + 52 × 0.1 is 117.09999999999971 in binary: Python's round gives -0.0 too.
            "13.0,performance,communications,response_deviation,-0.0",
            "13.0,performance,communications,response_time,4800",
            "13.0,performance,communications,sdt_value,HIT",
            "13.0,input,keyboard,ENTER,press",
            "13.0,state,communications,\"radio_NAV_1, feedback_color\",\"(142, 219, 176, 255)\"",
        ])
    }

    @Test func unansweredPromptIsAMissAfterMaxResponseDelay() throws {
        var harness = try SessionHarness("""
            0:00:00;communications;maxresponsedelay;2000
            0:00:00;communications;start
            0:00:04;communications;radioprompt;own
            0:01:00;communications;stop
            """, voices: Self.voices)
        harness.run(until: 11, step: 0.1)
        let misses = Self.lines(harness).filter { $0.contains(",performance,") }
        // The window opens at the update after 8.16 (8.24) and counts 25 updates of 80 ms.
        #expect(misses.first == "10.16,performance,communications,target_radio,NAV_1")
        #expect(misses.last == "10.16,performance,communications,sdt_value,MISS")
        #expect(misses.count == 9)
    }

    @Test func aNewPromptInterruptsTheOneStillSpoken() throws {
        var harness = try SessionHarness("""
            0:00:00;communications;start
            0:00:04;communications;radioprompt;own
            0:00:05;communications;radioprompt;other
            0:01:00;communications;stop
            """, voices: Self.voices)
        harness.run(until: 12, step: 0.1)
        let lines = Self.lines(harness)
        // The event at 5.0 is handled by the next update (5.04).
        #expect(lines.contains("5.04,manual,,,Target NAV_1:117.1"))
        #expect(harness.sounds.count == 3)
        #expect(harness.sounds[1] == .stop)
        #expect(lines.filter { $0.contains("Target") }.count == 1)
    }

    @Test func automaticSolverSelectsTunesAndValidates() throws {
        var harness = try SessionHarness("""
            0:00:00;communications;automaticsolver;True
            0:00:00;communications;start
            0:00:04;communications;radioprompt;own
            0:01:00;communications;stop
            """, voices: Self.voices)
        harness.run(until: 20, step: 0.1)
        let lines = Self.lines(harness)
        #expect(lines.contains { $0.hasSuffix("sdt_value,HIT") })
        // The prompt ends at the 8.16 update, which already moves the selection up.
        #expect(lines.contains("8.16,state,communications,\"radio_NAV_1, selected\",1"))
        #expect(lines.contains { $0.hasSuffix("response_deviation,0.0") })
    }

    @Test func touchControlsSelectTuneAndValidate() throws {
        var harness = try SessionHarness(Self.ownPrompt, voices: Self.voices)
        let area = ScreenLayout().taskArea(of: ScreenLayout().region(.bottomleft))
        let geometry = CommunicationsGeometry(area: area)
        func center(_ r: Rect) -> Point { Point(r.centerX, r.centerY) }
        harness.send(.pointerDown(center(geometry.radios[3]), .finger(1)), at: 0.5)
        harness.send(.pointerUp(center(geometry.radios[3]), .finger(1)), at: 0.52)
        harness.send(.pointerDown(center(geometry.tuneUp), .finger(2)), at: 1.0)
        harness.send(.pointerUp(center(geometry.tuneUp), .finger(2)), at: 1.01)
        harness.run(until: 1.2, step: 0.02)
        harness.send(.pointerDown(center(geometry.validate), .mouse), at: 1.5)
        harness.send(.pointerUp(center(geometry.validate), .mouse), at: 1.6)
        let lines = Self.lines(harness)
        #expect(lines.filter { $0.hasPrefix("0.5,") } == [
            "0.5,input,mouse_key,DOWN,press", "0.5,input,mouse_key,DOWN,release",
            "0.5,input,mouse_key,DOWN,press", "0.5,input,mouse_key,DOWN,release",
            "0.5,state,communications,\"radio_NAV_2, selected\",0",
            "0.5,state,communications,\"radio_COM_2, selected\",1",
        ])
        #expect(lines.contains("1.0,input,mouse_key,RIGHT,press"))
        #expect(lines.contains("1.01,input,mouse_key,RIGHT,release"))
        // A short tap still tunes one step at the next update.
        #expect(lines.filter { $0.contains("radio_COM_2, radio_frequency") } == ["1.04,state,communications,\"radio_COM_2, radio_frequency\",114.9"])
        #expect(lines.contains("1.5,input,mouse_key,ENTER,press"))
        #expect(lines.contains("1.5,performance,communications,sdt_value,FA"))
        #expect(lines.contains("1.6,input,mouse_key,ENTER,release"))
    }

    @Test func changingTheRegexRegeneratesAndAppendsDistractors() throws {
        var harness = try SessionHarness("""
            0:00:00;communications;start
            0:00:01;communications;callsignregex;ENSC\\d\\d
            0:00:01;communications;othercallsignnumber;2
            0:01:00;communications;stop
            """, voices: Self.voices)
        harness.run(until: 1.1, step: 0.1)
        let lines = Self.lines(harness)
        #expect(lines.contains { $0.hasPrefix("1.04,state,communications,\"callsign, text\",ENSC") })
        let parameters = try #require(harness.session.hosts.first?.parameters)
        guard case .list(let others) = parameters["othercallsign"] else {
            Issue.record("othercallsign is not a list")
            return
        }
        #expect(others.count == 7)
    }
}

/// The radios as OpenMATB draws them: one-line labels, where each tab is one space.
@Suite struct CommunicationsRadioLabelTests {
    @Test func nameAndFrequencySitTogetherWithTheTrianglesOutside() throws {
        var harness = try SessionHarness("0:00:00;communications;start\n0:01:00;communications;stop\n")
        harness.run(until: 0.5, step: 0.1)
        let texts = harness.session.drawList().commands.compactMap { command -> String? in
            if case .text(let text, _, _) = command, text.hasPrefix("NAV 1") { return text }
            return nil
        }
        let label = try #require(texts.first)
        #expect(!label.contains("\t"))
        #expect(label.hasPrefix("NAV 1       1"), "seven tabs drawn as seven spaces: \(label)")
    }
}
