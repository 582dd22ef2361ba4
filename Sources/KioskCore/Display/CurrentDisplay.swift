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
        "\(width)×\(height) " + (refreshHertz.map { "at \($0) Hz" } ?? Self.noRefresh) + ", \(displaySystem)"
            + (TimingCertificate.namesCompositor(compositor) ? ", \(compositor)" : "")
    }

    private static let noRefresh = "(no refresh rate reported)"

    /// The display ``described`` says: how the lab reads a block's `display` figure back
    /// (``ShownDisplayFigures``). Nil for any other text: a kiosk's figure is not trusted to be one.
    public init?(described text: String) {
        let parts = text.split(separator: ", ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, let space = parts[0].firstIndex(of: " ") else { return nil }
        let size = parts[0][..<space].split(separator: "×", omittingEmptySubsequences: false)
        let rate = parts[0][parts[0].index(after: space)...]
        guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]), width > 0, height > 0, !parts[1].isEmpty else { return nil }
        var refreshHertz: Int?
        if rate != Self.noRefresh {
            guard rate.hasPrefix("at "), rate.hasSuffix(" Hz"), let hertz = Int(rate.dropFirst(3).dropLast(3)), hertz > 0 else { return nil }
            refreshHertz = hertz
        }
        let driver = switch parts[1] {
        case "X11": "x11"
        case "Wayland": "wayland"
        default: parts[1]
        }
        self.init(width: width, height: height, refreshHertz: refreshHertz, videoDriver: driver, compositor: parts.count > 2 ? parts[2] : "")
    }
}
