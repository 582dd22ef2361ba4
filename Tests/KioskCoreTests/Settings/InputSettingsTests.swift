import Testing
@testable import KioskCore

@Suite struct InputSettingsTests {
    @Test func theInputSectionIsReadAlongsideOpenMATBKeys() {
        let text = """
            [Openmatb]
            language = fr_FR
            [Input]
            virtual_stick = on
            stick_mode = relative
            stick_side = left
            stick_dead_zone = 0.1
            stick_curve = exponential
            stick_curve_factor = 3
            stick_invert_y = true
            stick_gain = 1.5
            joystick_backend = sdl
            joystick_device = /dev/input/event7
            joystick_grab = yes
            calibration = /etc/labkiosk/calibration.ini
            """
        let (settings, warnings) = SettingsReader.read(text, file: "config.ini")
        #expect(warnings.isEmpty)
        #expect(settings.language == .fr)
        let input = settings.input
        #expect(input.joystickBackend == .sdl && input.joystickDevice == "/dev/input/event7" && input.joystickGrab == true)
        #expect(input.calibration == "/etc/labkiosk/calibration.ini")
        #expect(input.virtualJoystick() == VirtualJoystickSettings(
            visibility: .on, mode: .relative, side: .left,
            response: StickResponse(deadZone: 0.1, curve: .exponential(factor: 3), invertX: false, invertY: true, gain: 1.5)))
    }

    @Test func badValuesWarnAndKeepTheDefault() {
        let (settings, warnings) = SettingsReader.read("[Input]\nstick_dead_zone = 0.95\nstick_mode = sideways\nstick_gain = x\nwhatever = 1\n", file: "c")
        #expect(warnings.map(\.line) == [2, 3, 4, 5])
        #expect(warnings[0].message == "stick_dead_zone must be a number from 0 to 0.9 (not 0.95)")
        #expect(settings.input == InputSettings())
    }

    @Test func commandLineOverridesTheFileFieldByField() {
        var file = InputSettings()
        file.stickCurve = .exponential
        file.stickCurveFactor = 4
        file.stickGain = 2
        var command = InputSettings()
        command.stickGain = 0.5
        let merged = file.overridden(by: command)
        #expect(merged.virtualJoystick().response.curve == .exponential(factor: 4))
        #expect(merged.virtualJoystick().response.gain == 0.5)
        var linear = InputSettings()
        linear.stickCurve = .linear
        #expect(merged.overridden(by: linear).virtualJoystick().response.curve == .linear)
        var factorOnly = InputSettings()
        factorOnly.stickCurveFactor = 5
        #expect(factorOnly.virtualJoystick().response.curve == .linear)
        #expect(factorOnly.virtualJoystick(over: VirtualJoystickSettings(response: StickResponse(curve: .exponential(factor: 1)))).response.curve == .exponential(factor: 5))
    }
}
