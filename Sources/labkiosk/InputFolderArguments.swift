import ArgumentParser
import KioskCore

/// The folder of evdev event nodes where joysticks, pens and touchscreens are read.
struct InputFolderArguments: ParsableArguments {
    @Option(name: .customLong("input-dir"), help: "Folder holding evdev event nodes (default: the settings' input_dir, else /dev/input).")
    var inputDirectory: String?

    /// The folder to read: this option's, else the settings file's `input_dir`, else /dev/input.
    func resolved(_ settings: InputSettings) -> String { inputDirectory ?? settings.inputDirectory ?? "/dev/input" }
}
