import Testing
@testable import KioskCore

/// Scenario `key` parameters take joystick names whether or not a joystick is plugged in:
/// validation never looks at devices (OpenMATB accepts them only with a joystick at start,
/// and silently stores bad names without one, docs/openmatb-behaviour.md: Parameter validators).
@Suite struct JoystickKeyNameTests {
    func errors(_ value: String) -> [String] {
        let text = "0:00:00;communications;keys-validateresponse;\(value)\n0:00:00;communications;start\n0:01:00;communications;stop\n"
        guard case .failure(let errors) = ScenarioValidator(context: .noFiles).validate(Array(text.utf8), path: "s.txt") else { return [] }
        return errors.diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    @Test(arguments: ["JOY_BTN_1", "JOY_BTN_12", "JOY_HAT_UP", "JOY_HAT_LEFT", "ENTER"])
    func joystickNamesAreKeys(_ name: String) {
        #expect(errors(name).isEmpty)
    }

    @Test(arguments: ["JOY_BTN_0", "JOY_BTN_01", "JOY_HAT_NORTH", "JOY_BTN_", "joy_btn_1"])
    func malformedJoystickNamesAreErrors(_ name: String) {
        #expect(errors(name).count == 1)
    }

    @Test func everyNameTheReadersProduceIsAValidKey() {
        let info = EvdevDeviceInfo(name: "s", axes: [], keys: Array(0x120...0x12b))
        for code: UInt16 in 0x120...0x12b { #expect(info.buttonName(code).map(KeyNames.isJoystickKey) == true) }
        for hat in ["JOY_HAT_LEFT", "JOY_HAT_RIGHT", "JOY_HAT_UP", "JOY_HAT_DOWN"] { #expect(KeyNames.isJoystickKey(hat)) }
    }
}
