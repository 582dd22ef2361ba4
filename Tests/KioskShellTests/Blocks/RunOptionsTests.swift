import FoundationEssentials
import KioskCore
import Testing
@testable import KioskShell

/// Command line over settings file over defaults, for every command that runs blocks.
@Suite struct RunOptionsTests {
    private func settings(_ text: String) -> Settings { SettingsReader.read(text, file: "config.ini").settings }

    @Test func nothingGivenGivesTheDefaults() {
        let options = RunOptions.resolve(commandLine: RunOptions.CommandLine(), settings: Settings(), joystick: JoystickOptions())
        #expect(options.dataDirectory == "sessions")
        #expect(options.language == .en)
        #expect(options.speed == nil)
        #expect(options.window.mode == .windowed(width: 1280, height: 800))
        #expect(options.window.screenIndex == 0)
        #expect(options.blockSpeed(headless: false) == 1)
    }

    @Test func theSettingsFileFillsWhatTheCommandLineLeavesOut() {
        let file = settings("[Openmatb]\nlanguage=fr_FR\nscreen_index=1\nfullscreen=True\nclock_speed=4\n")
        let options = RunOptions.resolve(commandLine: RunOptions.CommandLine(), settings: file, joystick: JoystickOptions())
        #expect(options.language == .fr)
        #expect(options.window.screenIndex == 1)
        #expect(options.window.mode == .fullscreen)
        #expect(options.speed == 4)
        #expect(options.blockSpeed(headless: false) == 4)
        // A headless run's virtual clock takes the speed; the block inside runs at 1.
        #expect(options.blockSpeed(headless: true) == 1)
    }

    /// What a batch's progress line counts to its end: a block's length at the run's speed, and
    /// nothing headless as fast as possible (a plan takes seconds then, not its blocks' length).
    @Test func blocksTakeTheirLengthAtTheRunsSpeedAndNoTimeHeadlessAsFastAsPossible() {
        var options = RunOptions(dataDirectory: "d")
        #expect(options.realSeconds(ofBlockSeconds: 600, headless: false) == 600)
        #expect(options.realSeconds(ofBlockSeconds: 600, headless: true) == 0)
        options.speed = 4
        #expect(options.realSeconds(ofBlockSeconds: 600, headless: false) == 150)
        #expect(options.realSeconds(ofBlockSeconds: 600, headless: true) == 150)
    }

    @Test func theCommandLineWins() {
        let file = settings("[Openmatb]\nlanguage=fr_FR\nscreen_index=1\nclock_speed=4\n")
        var given = RunOptions.CommandLine()
        given.language = .en
        given.screenIndex = 0
        given.speed = 2
        given.windowSize = (1024, 600)
        given.dataDirectory = "/data"
        let options = RunOptions.resolve(commandLine: given, settings: file, joystick: JoystickOptions())
        #expect(options.language == .en)
        #expect(options.window.screenIndex == 0)
        #expect(options.speed == 2)
        #expect(options.window.mode == .windowed(width: 1024, height: 600))
        #expect(options.dataDirectory == "/data")
    }

    @Test func matbOptionsFollowTheSameOrder() {
        let file = settings("[Openmatb]\nscenario_path=from-file.txt\ndisplay_session_number=True\nhide_on_pause=True\n")
        let fromFile = MATBOptions.resolve(commandLine: MATBOptions.CommandLine(), settings: file, input: InputSettings(),
                                           defaultScenario: "default.txt", voicesDirectory: nil)
        #expect(fromFile.scenarioPath == "from-file.txt")
        #expect(fromFile.displaySessionNumber && fromFile.hideOnPause)
        #expect(fromFile.cadence == .fixed)
        let given = MATBOptions.resolve(commandLine: MATBOptions.CommandLine(scenarioPath: "given.txt", cadence: .openmatb),
                                        settings: file, input: InputSettings(), defaultScenario: "default.txt", voicesDirectory: nil)
        #expect(given.scenarioPath == "given.txt")
        #expect(given.cadence == .openmatb)
        let neither = MATBOptions.resolve(commandLine: MATBOptions.CommandLine(), settings: Settings(), input: InputSettings(),
                                          defaultScenario: "default.txt", voicesDirectory: nil)
        #expect(neither.scenarioPath == "default.txt")
        #expect(neither.layout == ScreenLayout())
    }
}
