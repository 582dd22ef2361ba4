import Testing
@testable import KioskCore

@Suite struct SettingsReaderTests {
    @Test func readsOpenMATBKeys() {
        let (settings, warnings) = SettingsReader.read("""
            [Openmatb]
            language=fr_FR
            screen_index=1
            fullscreen=True
            display_session_number=false
            hide_on_pause=TRUE
            top_bounds=[0.3, 0.8]
            clock_speed=2.5
            """, file: "config.ini")
        #expect(warnings.isEmpty)
        #expect(settings.language == .fr)
        #expect(settings.screenIndex == 1)
        #expect(settings.fullscreen == true)
        #expect(settings.displaySessionNumber == false)
        #expect(settings.hideOnPause == true)
        #expect(settings.topBounds == .init(0.3, 0.8))
        #expect(settings.clockSpeed == 2.5)
    }

    @Test func aClockSpeedNoRunCanKeepIsAWarningAndIgnored() {
        for value in ["1e300", "inf", "nan", "0.001", "0"] {
            let (settings, warnings) = SettingsReader.read("[Openmatb]\nclock_speed=\(value)\n", file: "config.ini")
            #expect(settings.clockSpeed == nil && warnings.count == 1, "clock_speed=\(value)")
        }
    }

    @Test func badBooleansWarnAndDefaultToFalse() {
        let (settings, warnings) = SettingsReader.read("[Openmatb]\nfullscreen=yes\n", file: "config.ini")
        #expect(settings.fullscreen == false)
        #expect(warnings.map(\.line) == [2])
        #expect(warnings.first?.message.contains("must be a boolean") == true)
    }

    @Test func unsupportedKeysSaySoInsteadOfBeingIgnoredQuietly() {
        let (_, warnings) = SettingsReader.read("[Openmatb]\nfont_name=Arial\nhighlight_aoi=True\nhighlight_aoi=False\nfont_name=\n", file: "c.ini")
        #expect(warnings.map(\.line) == [2, 3])
        #expect(warnings[0].message.contains("font_name is not supported"))
        #expect(warnings[1].message.contains("highlight_aoi is not supported"))
    }

    @Test func theTimingSectionNamesTheMachinesCornerPatchAndSensor() {
        let (settings, warnings) = SettingsReader.read("""
            [Timing]
            timing_patch = "bottom-right"
            timing_patch_size = 60
            timing_sensor = "/dev/input/by-id/usb-photodiode-event-joystick"
            timing_sensor_key = 288
            """, file: "config.ini")
        #expect(warnings.isEmpty)
        #expect(settings.timing == CornerPatchSettings(corner: .bottomRight, size: 60, sensor: "/dev/input/by-id/usb-photodiode-event-joystick",
                                                       sensorKey: 288))
        // A settings file's values need no quotes.
        let (plain, none) = SettingsReader.read("[Timing]\ntiming_patch = top-right\ntiming_sensor = /dev/input/event7\n", file: "config.ini")
        #expect(none.isEmpty)
        #expect(plain.timing == CornerPatchSettings(corner: .topRight, sensor: "/dev/input/event7"))
        let (bad, problems) = SettingsReader.read("[Timing]\ntiming_patch = middle\ntiming_patch_size = 900\ncolour = 3\n", file: "config.ini")
        #expect(bad.timing == CornerPatchSettings())
        #expect(problems.map(\.line) == [2, 3, 4])
        #expect(problems[0].message == "`timing_patch` is one of \"top-left\", \"top-right\", \"bottom-left\", \"bottom-right\", found middle in [Timing]; it is ignored")
    }
}
