import Testing
@testable import KioskCore

/// The overdue alarm (docs/openmatb-behaviour.md: Overdue alarm) and the key set (docs/openmatb-behaviour.md:
/// Scenario events) the host keeps for every task.
@Suite struct OverdueAlarmTests {
    static let settings = OverdueAlarm.Settings(isActive: true, delayMilliseconds: 2000, blinkMilliseconds: 1000)

    @Test func blinksWhileATimerExceedsTheDelay() {
        var alarm = OverdueAlarm()
        var shown: [Bool] = []
        for tenth in 0...30 {
            let time = ScenarioTime.milliseconds(Int64(tenth * 100))
            alarm.refresh(at: time, timersMilliseconds: [0, tenth >= 5 ? 2100 : 2000], settings: Self.settings)
            shown.append(alarm.isVisible)
        }
        #expect(!shown[0] && !shown[4], "not above the delay yet (strictly greater)")
        #expect(shown[5...14].allSatisfy { $0 } && shown[15...24].allSatisfy { !$0 } && shown[25...30].allSatisfy { $0 })
        #expect(alarm.nextToggleParameter == .float(3.5))
    }

    @Test func steadyWithoutBlinkAndOffWhenInactiveOrAnswered() {
        var alarm = OverdueAlarm()
        let steady = OverdueAlarm.Settings(isActive: true, delayMilliseconds: 100, blinkMilliseconds: 0)
        alarm.refresh(at: .seconds(1), timersMilliseconds: [200], settings: steady)
        #expect(alarm.isVisible && alarm.nextToggle == nil)
        alarm.refresh(at: .seconds(2), timersMilliseconds: [0], settings: steady)
        #expect(!alarm.isVisible)
        var inactive = OverdueAlarm.Settings(isActive: false, delayMilliseconds: 100, blinkMilliseconds: 0)
        alarm.refresh(at: .seconds(3), timersMilliseconds: [5000], settings: inactive)
        #expect(!alarm.isVisible)
        inactive.isActive = true
        alarm.refresh(at: .seconds(4), timersMilliseconds: [5000], settings: inactive)
        #expect(alarm.isVisible)
    }

    @Test func aLaterEpisodeStartsItsOwnSchedule() {
        var alarm = OverdueAlarm()
        alarm.refresh(at: .seconds(1), timersMilliseconds: [3000], settings: Self.settings)
        alarm.refresh(at: .seconds(2), timersMilliseconds: [0], settings: Self.settings)
        alarm.refresh(at: .seconds(30), timersMilliseconds: [3000], settings: Self.settings)
        #expect(alarm.isVisible && alarm.nextToggle == .seconds(31), "no catching up at every refresh")
        alarm.refresh(at: .milliseconds(30_500), timersMilliseconds: [3000], settings: Self.settings)
        #expect(alarm.isVisible)
    }

    @Test func keySetFollowsKeyParameters() {
        let host = TaskHost(descriptor: .sysmon, plugin: SysmonTask(), language: .en, runNumber: 1)
        #expect(host.acceptedKeys == ["F1", "F2", "F3", "F4", "F5", "F6"])
        _ = host.set("scales-1-key", to: .string("A"), at: .zero, logtime: MonotonicTime(nanoseconds: 0))
        #expect(host.acceptedKeys == ["A", "F2", "F3", "F4", "F5", "F6"], "old key removed")
        _ = host.set("scales-2-key", to: .string("F2"), at: .zero, logtime: MonotonicTime(nanoseconds: 0))
        #expect(host.acceptedKeys.contains("F2"), "same key kept")
        _ = host.set("allowanykey", to: .bool(true), at: .zero, logtime: MonotonicTime(nanoseconds: 0))
        #expect(host.acceptedKeys.count == 6)
    }

    @Test func inputRulesOfTheHost() {
        let host = TaskHost(descriptor: .track, plugin: TrackTask(), language: .en, runNumber: 1)
        let logtime = MonotonicTime(nanoseconds: 0)
        #expect(!host.acceptsInput, "paused and hidden before start")
        _ = host.start(at: .zero, logtime: logtime, layout: ScreenLayout())
        #expect(host.acceptsInput)
        _ = host.set("automaticsolver", to: .bool(true), at: .zero, logtime: logtime)
        #expect(!host.acceptsInput)
        _ = host.set("automaticsolver", to: .bool(false), at: .zero, logtime: logtime)
        _ = host.pause(at: .zero, logtime: logtime)
        #expect(!host.acceptsInput)
        _ = host.resume(at: .zero, logtime: logtime)
        _ = host.hide(at: .zero, logtime: logtime)
        #expect(!host.acceptsInput)
        // Update gating: a paused task computes nothing; the next step is due one period later.
        _ = host.show(at: .zero, logtime: logtime)
        _ = host.update(at: .zero, cadenceBase: .zero, logtime: logtime)
        #expect(host.nextUpdate == .milliseconds(20))
        _ = host.pause(at: .zero, logtime: logtime)
        #expect(host.update(at: .milliseconds(20), cadenceBase: .milliseconds(20), logtime: logtime).filter { $0.kind == .performance }.isEmpty)
    }
}
