/// What happened to the window since the last poll, as far as drawing is concerned.
public struct WindowChange: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The size changed: the window surface must be fetched again and everything repainted.
    public static let resized = WindowChange(rawValue: 1 << 0)
    /// The window system lost what was on screen: the whole surface must be sent again.
    public static let exposed = WindowChange(rawValue: 1 << 1)
}
