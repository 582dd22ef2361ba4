import ArgumentParser

/// Where the window opens and how large: every command that opens one.
struct WindowArguments: ParsableArguments {
    @Flag(help: "Fill the screen.")
    var fullscreen = false

    @Option(help: "Index of the monitor to use (0 = first).")
    var screen: Int?

    @Option(help: "Window size as WIDTHxHEIGHT when not filling the screen, at least 320x200 (default: 1280x800; replay: 1280x720).")
    var size: WindowSize?
}

/// `WIDTHxHEIGHT` on the command line: at least 320x200, the least any block is laid out in.
struct WindowSize: ExpressibleByArgument {
    var width: Int
    var height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w >= 320, h >= 200 else { return nil }
        width = w
        height = h
    }
}
