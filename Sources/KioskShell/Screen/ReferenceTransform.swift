import KioskCore

/// Maps a block's reference canvas (OpenMATB's 1920×1080 for MATB, y up) to window pixels
/// (top-left origin, y down).
///
/// The reference canvas is scaled by one factor, as large as fits, and centred: a window
/// that is not 16:9 shows bands of background above and below (16:10 kiosks) or beside it,
/// and circles stay round, the reticle square and the gauges in proportion on every screen.
public struct ReferenceTransform: Hashable, Sendable {
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// The reference canvas drawn into the window.
    public let canvas: Canvas
    /// Pixels per reference unit, on both axes.
    public let scale: Double
    /// Window pixels left of the canvas.
    public let offsetX: Double
    /// Window pixels above the canvas.
    public let offsetY: Double

    /// Tolerance for floating-point noise before rounding outward, so that 0.6667 × 1500 = 999.99999
    /// does not grow a rectangle by a whole pixel.
    private static let epsilon = 1e-6

    public init(pixelWidth: Int, pixelHeight: Int, canvas: Canvas = .openMATB) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.canvas = canvas
        scale = min(Double(pixelWidth) / canvas.width, Double(pixelHeight) / canvas.height)
        offsetX = (Double(pixelWidth) - canvas.width * scale) / 2
        offsetY = (Double(pixelHeight) - canvas.height * scale) / 2
    }

    /// The whole window as a pixel rectangle.
    public var windowRect: PixelRect { PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight) }

    /// Window x (pixels, fractional) of a reference x.
    @inline(__always) public func pixelX(_ x: Double) -> Double { offsetX + x * scale }
    /// Window y (pixels from the top, fractional) of a reference y (from the bottom).
    @inline(__always) public func pixelY(_ y: Double) -> Double { offsetY + (canvas.height - y) * scale }

    /// The pixel rectangle covering a reference rectangle, rounded outward so that adjacent
    /// rectangles never leave a seam between them.
    public func pixelRect(covering rect: Rect) -> PixelRect {
        guard !rect.isEmpty else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let left = Int((pixelX(rect.left) + Self.epsilon).rounded(.down))
        let right = Int((pixelX(rect.right) - Self.epsilon).rounded(.up))
        let top = Int((pixelY(rect.top) + Self.epsilon).rounded(.down))
        let bottom = Int((pixelY(rect.bottom) - Self.epsilon).rounded(.up))
        return PixelRect(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
    }

    /// A stroke width in whole pixels: scaled, rounded, and never thinner than 1 px.
    public func lineWidthPixels(_ referenceWidth: Double) -> Int {
        max(1, Int((referenceWidth * scale).rounded()))
    }

    /// The reference point under a window position given in window coordinates; outside the
    /// reference range over the bands beside the canvas.
    ///
    /// - Parameters:
    ///   - windowX: pixels from the window's left edge.
    ///   - windowY: pixels from the window's top edge.
    public func referencePoint(windowX: Double, windowY: Double) -> Point {
        Point((windowX - offsetX) / scale, canvas.height - (windowY - offsetY) / scale)
    }

    /// The reference point under a position normalised to the window (0...1, top-left origin),
    /// as SDL reports touch fingers.
    public func referencePoint(normalizedX: Double, normalizedY: Double) -> Point {
        referencePoint(windowX: normalizedX * Double(pixelWidth), windowY: normalizedY * Double(pixelHeight))
    }
}
