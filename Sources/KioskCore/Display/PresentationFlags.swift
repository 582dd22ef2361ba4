/// What a display system says about how a frame reached the screen, as Wayland's
/// presentation-time protocol names it (`wp_presentation_feedback.kind`).
///
/// X11 Present reports none of the hardware facts: a frame it reports is only `vsync`.
public struct PresentationFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shown at a vertical blank, so no tearing, and its time is that refresh's.
    public static let vsync = PresentationFlags(rawValue: 1 << 0)
    /// The time came from the display hardware's clock, not a software estimate.
    public static let hardwareClock = PresentationFlags(rawValue: 1 << 1)
    /// The hardware itself signalled that the frame was shown.
    public static let hardwareCompletion = PresentationFlags(rawValue: 1 << 2)
    /// The frame's own buffer was scanned out, with no copy.
    public static let zeroCopy = PresentationFlags(rawValue: 1 << 3)

    /// The flags as a log writes them: `vsync+hw-clock`, or `none`.
    public var logText: String {
        let names: [(PresentationFlags, String)] = [
            (.vsync, "vsync"), (.hardwareClock, "hw-clock"), (.hardwareCompletion, "hw-completion"), (.zeroCopy, "zero-copy"),
        ]
        let set = names.filter { contains($0.0) }.map(\.1)
        return set.isEmpty ? "none" : set.joined(separator: "+")
    }
}
