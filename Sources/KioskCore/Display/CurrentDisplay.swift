/// The display a kiosk shows on now, as SDL reports it before any window opens (the shell
/// reads it): what a timing certificate is weighed against, since its figures hold only for
/// the display they were measured on (docs/timing.md).
public struct CurrentDisplay: Hashable, Sendable {
    public var width: Int
    public var height: Int
    /// The refresh rate SDL reports, in whole hertz; nil when it reports none.
    public var refreshHertz: Int?
    /// SDL's video driver: `x11`, `wayland`, `kmsdrm`.
    public var videoDriver: String
    /// The compositor or desktop the session names, as a certificate's `compositor` line has it.
    public var compositor: String

    public init(width: Int, height: Int, refreshHertz: Int?, videoDriver: String, compositor: String) {
        self.width = width
        self.height = height
        self.refreshHertz = refreshHertz
        self.videoDriver = videoDriver
        self.compositor = compositor
    }

    /// The display system as a certificate's `display path` begins: `X11`, `Wayland`, or the
    /// driver's own name for any other.
    public var displaySystem: String {
        switch videoDriver {
        case "x11": "X11"
        case "wayland": "Wayland"
        default: videoDriver
        }
    }

    /// As people say it: `1920×1080 at 60 Hz, X11`, with the compositor when the session names one.
    public var described: String {
        "\(width)×\(height) " + (refreshHertz.map { "at \($0) Hz" } ?? "(no refresh rate reported)") + ", \(displaySystem)"
            + (TimingCertificate.namesCompositor(compositor) ? ", \(compositor)" : "")
    }
}
