/// One way the display a timing certificate was made on differs from the display a kiosk
/// shows on now (``TimingCertificate/displayDifferences(from:)``).
public enum DisplayDifference: String, Hashable, Sendable, CaseIterable {
    /// Another resolution: another panel, or the same one set otherwise, or a window of another size.
    case size
    /// Another refresh rate.
    case refresh
    /// Another display system: X11 where the certificate names Wayland, or the other way.
    case displaySystem = "display system"
    /// Another compositor, where both name one.
    case compositor
}
