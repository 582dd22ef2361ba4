import ArgumentParser
import KioskCore
import KioskData
import KioskShell

/// The input options of commands that run MATB blocks: the input folder, the hardware
/// joystick and the on-screen stick.
struct InputArguments: ParsableArguments {
    @OptionGroup var folder: InputFolderArguments
    @OptionGroup var joystick: JoystickArguments
    @OptionGroup var stick: StickArguments

    /// The options given, as settings that override the settings file's `[Input]`.
    var settings: InputSettings {
        var given = stick.overriding(joystick.overriding(InputSettings()))
        given.inputDirectory = folder.inputDirectory
        return given
    }

    /// The hardware joystick options from the settings file's `[Input]` with these over it.
    func joystickOptions(_ fileSettings: InputSettings, paths: InstallPaths) throws -> JoystickOptions {
        let merged = fileSettings.overridden(by: settings)
        return try JoystickArguments.options(merged, inputDirectory: folder.resolved(fileSettings), paths: paths)
    }
}
