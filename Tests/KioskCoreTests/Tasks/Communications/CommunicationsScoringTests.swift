import Testing
@testable import KioskCore

/// The answer classification of OpenMATB (docs/openmatb-behaviour.md: Communications) and OpenMATB's
/// tests/test_communications_logic.py.
@Suite struct CommunicationsScoringTests {
    /// Four radios at 110.0; `targets` maps a radio index to its target; `prompting` lists
    /// radios whose prompt is still spoken; radio `active` is selected.
    static func state(targets: [Int: Double], prompting: Set<Int> = [], active: Int, frequency: Double = 110.0) -> CommunicationsState {
        var radios = CommunicationsDescriptor.radioNames.enumerated().map { CommunicationsRadio(name: $1, frequencyMHz: 110.0, position: $0) }
        for (index, target) in targets {
            radios[index].targetMHz = target
            radios[index].responseTimeMs = 500
        }
        for index in prompting { radios[index].isPrompting = true }
        radios[active].isActive = true
        radios[active].frequencyMHz = frequency
        return CommunicationsState(radios: radios, ownCallsign: "HSR259", otherCallsigns: [], callsignRegex: "")
    }

    @Test func decisionTable() {
        typealias S = CommunicationsScoring
        #expect(S.outcome(wasNeeded: false, isCorrectRadio: nil, deviationMHz: nil) == .falseAlarm)
        #expect(S.outcome(wasNeeded: true, isCorrectRadio: true, deviationMHz: 0) == .hit)
        #expect(S.outcome(wasNeeded: true, isCorrectRadio: false, deviationMHz: 0) == .badRadio)
        #expect(S.outcome(wasNeeded: true, isCorrectRadio: true, deviationMHz: 0.5) == .badFrequency)
        #expect(S.outcome(wasNeeded: true, isCorrectRadio: false, deviationMHz: -0.3) == .badRadioAndFrequency)
        #expect(S.outcome(wasNeeded: true, isCorrectRadio: false, deviationMHz: nil) == .badRadioAndFrequency)
        #expect(S.outcome(wasNeeded: true, isCorrectRadio: true, deviationMHz: nil) == .badFrequency)
    }

    @Test func hitOnTheTargetRadio() {
        let response = CommunicationsScoring.confirm(Self.state(targets: [2: 115.3], active: 2, frequency: 115.30000000000001), responded: 2)
        #expect(response.outcome == .hit)
        #expect(response.rows(periodIsInteger: true).map(\.address) == [
            "response_was_needed", "target_radio", "responded_radio", "target_frequency", "responded_frequency",
            "correct_radio", "response_deviation", "response_time", "sdt_value",
        ])
        #expect(response.rows(periodIsInteger: true).map(\.value) == [
            .bool(true), .string("COM_1"), .string("COM_1"), .float(115.3), .float(115.30000000000001),
            .bool(true), .float(0.0), .int(500), .string("HIT"),
        ])
    }

    @Test func badFrequencyWithDeviationHalf() {
        let response = CommunicationsScoring.confirm(Self.state(targets: [2: 115.3], active: 2, frequency: 115.8), responded: 2)
        #expect(response.outcome == .badFrequency)
        #expect(response.deviationMHz == 0.5)
    }

    @Test func wrongRadioIsMeasuredAgainstTheSingleWaitingOne() {
        let exact = CommunicationsScoring.confirm(Self.state(targets: [2: 115.3], active: 0, frequency: 115.3), responded: 0)
        #expect(exact.outcome == .badRadio && exact.targetRadio == "COM_1" && exact.isCorrectRadio == false)
        let off = CommunicationsScoring.confirm(Self.state(targets: [2: 115.3], active: 0, frequency: 112.0), responded: 0)
        #expect(off.outcome == .badRadioAndFrequency && off.deviationMHz == -3.3)
    }

    @Test func wrongRadioWithTwoWaitingHasNothingToMeasure() {
        let response = CommunicationsScoring.confirm(Self.state(targets: [2: 115.3, 3: 120.0], active: 0), responded: 0)
        #expect(response.outcome == .badRadioAndFrequency)
        #expect(response.targetRadio == nil && response.deviationMHz == nil && response.responseTimeMs == nil)
        let values = response.rows(periodIsInteger: true).map(\.value.pythonStr)
        #expect(values == ["True", "nan", "NAV_1", "nan", "110.0", "False", "nan", "nan", "BAD_RADIO_FREQ"])
    }

    @Test func answeringWhileThePromptStillPlaysIsAFalseAlarm() {
        let response = CommunicationsScoring.confirm(Self.state(targets: [2: 115.3], prompting: [2], active: 2), responded: 2)
        #expect(response.outcome == .falseAlarm)
        #expect(response.rows(periodIsInteger: true).map(\.value.pythonStr) == ["False", "nan", "COM_1", "nan", "110.0", "nan", "nan", "nan", "FA"])
    }

    @Test func missRowsComeInTheirOwnOrder() {
        var radio = CommunicationsRadio(name: "NAV_1", frequencyMHz: 111.9, position: 0)
        radio.targetMHz = 117.1
        let rows = CommunicationsScoring.miss(radio).rows(periodIsInteger: true)
        #expect(rows.map(\.address) == [
            "target_radio", "target_frequency", "response_was_needed", "responded_radio", "responded_frequency",
            "correct_radio", "response_deviation", "response_time", "sdt_value",
        ])
        #expect(rows.map(\.value.pythonStr) == ["NAV_1", "117.1", "True", "nan", "nan", "False", "nan", "nan", "MISS"])
    }
}
