/// A certificate's figures hold for the display they were measured on: another resolution,
/// refresh rate, display system or compositor takes frames to the light by another path.
extension TimingCertificate {
    /// How far the refresh rate SDL reports may lie from the one the run measured and still be
    /// the same: SDL reports whole hertz (59.94 Hz as 60), the run a median period (a loaded
    /// machine's reports put Xvfb's 60 Hz a hertz or two away), while the rates panels offer
    /// (50, 60, 75, 120, 144 Hz) lie further apart.
    public static let refreshTolerance = 0.05

    /// What differs between the display this certificate was made on and `display`; empty when
    /// it was made on this display. The refresh is compared only when SDL reports one, the
    /// display system only when the certificate names one, the compositor only when both name
    /// one (an unnamed one is only an X or Wayland display's number).
    public func displayDifferences(from display: CurrentDisplay) -> [DisplayDifference] {
        var differences: [DisplayDifference] = []
        if width != display.width || height != display.height { differences.append(.size) }
        if let hertz = display.refreshHertz, hertz > 0, abs(1000 / refreshMilliseconds - Double(hertz)) > Self.refreshTolerance * Double(hertz) {
            differences.append(.refresh)
        }
        if let system = displaySystem, system != display.displaySystem { differences.append(.displaySystem) }
        if Self.namesCompositor(compositor), Self.namesCompositor(display.compositor), compositor != display.compositor {
            differences.append(.compositor)
        }
        return differences
    }

    /// The display system its `display path` names: `X11` (Present) or `Wayland`
    /// (presentation-time); nil for a path it does not name.
    public var displaySystem: String? {
        ["X11", "Wayland"].first { displayPath == $0 || displayPath.hasPrefix($0 + " ") }
    }

    /// The display it was made on, as ``CurrentDisplay/described`` says the display now:
    /// `1920×1080 at 60.00 Hz, X11`, with the compositor when it names one.
    public var madeOn: String {
        "\(displayMode), \(displaySystem ?? displayPath)" + (Self.namesCompositor(compositor) ? ", \(compositor)" : "")
    }

    /// Whether a compositor line names one: `unnamed (X display :0)` names only a display.
    static func namesCompositor(_ compositor: String) -> Bool {
        !compositor.isEmpty && !compositor.hasPrefix("unnamed")
    }
}
