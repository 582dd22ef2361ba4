import Testing
@testable import KioskCore

@Suite struct StaffExitTests {
    private func press(_ name: String) -> InputEvent { InputEvent(time: MonotonicTime(nanoseconds: 0), .keyPress(name)) }
    private func release(_ name: String) -> InputEvent { InputEvent(time: MonotonicTime(nanoseconds: 0), .keyRelease(name)) }

    /// Whether `event` completes the exit (outside `#expect`, which cannot call a mutating method).
    private func completes(_ exit: inout StaffExit, _ event: InputEvent) -> Bool { exit.observe(event) }

    @Test func theChordNeedsEveryKeyDownAtOnceWithEitherSidesModifiers() {
        var exit = StaffExit()
        #expect(!completes(&exit, press("LCTRL")))
        #expect(!completes(&exit, press("RALT")))
        #expect(!completes(&exit, press("Q")), "shift is not down yet")
        #expect(!completes(&exit, release("Q")))
        #expect(!completes(&exit, press("LSHIFT")))
        #expect(completes(&exit, press("Q")))
    }

    @Test func aReleasedKeyBreaksTheChord() {
        var exit = StaffExit(chord: ["CTRL", "ESCAPE"])
        _ = exit.observe(press("LCTRL"))
        _ = exit.observe(release("LCTRL"))
        #expect(!completes(&exit, press("ESCAPE")))
    }

    @Test func thePinCountsWhenEnterFollowsItsDigits() {
        var exit = StaffExit(pin: "2468")
        for key in ["_2", "_4", "NUM_6", "_8"] {
            let done = exit.observe(press(key))
            #expect(!done)
        }
        #expect(completes(&exit, press("ENTER")))
        for key in ["_2", "_4", "A", "_6", "_8"] { _ = exit.observe(press(key)) }
        #expect(!completes(&exit, press("ENTER")), "another key between the digits breaks the PIN")
    }

    @Test func theKioskSectionSetsTheChordAndPin() {
        let (settings, warnings) = SettingsReader.read("[Kiosk]\nexit_chord = ctrl+shift+F12\npin = 12345\n", file: "k.ini")
        #expect(warnings.isEmpty)
        #expect(settings.kiosk.staffExit.chord == ["CTRL", "SHIFT", "F12"])
        #expect(settings.kiosk.pin == "12345")
        let (_, bad) = SettingsReader.read("[Kiosk]\nexit_chord = Q\npin = 12\n", file: "k.ini")
        #expect(bad.map(\.line) == [2, 3])
    }

    @Test func aPlanAsksForKioskModeInItsStudyTable() throws {
        let plan = try PlanReader.read("[study]\nname = \"s\"\nkiosk = true\n[[block]]\nkind = \"break\"\nseconds = 5\n", file: "p.toml", kinds: [.break]).get()
        #expect(plan.kiosk)
        guard case .failure(let errors) = PlanReader.read("[study]\nname = \"s\"\nkiosk = \"yes\"\n[[block]]\nkind = \"break\"\nseconds = 5\n", file: "p.toml", kinds: [.break]) else {
            Issue.record("kiosk = \"yes\" was accepted")
            return
        }
        #expect(errors.diagnostics.first?.line == 3)
    }
}
