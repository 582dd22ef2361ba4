import KioskCore

/// Maps reference layout coordinates (1920×1080, y up) to window pixels (top-left origin, y down).
///
/// x scales by W/1920 and y by H/1080, so a window that is not 16:9 stretches the layout
/// rather than letterboxing it: every region still fills its share of the screen, as in
/// OpenMATB where regions are fractions of the window.
public struct ReferenceTransform: Hashable, Sendable {
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Pixels per reference unit horizontally.
    public let scaleX: Double
    /// Pixels per reference unit vertically.
    public let scaleY: Double

    /// Tolerance for floating-point noise before rounding outward, so that 0.6667 × 1500 = 999.99999
    /// does not grow a rectangle by a whole pixel.
    private static let epsilon = 1e-6

    public init(pixelWidth: Int, pixelHeight: Int) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        scaleX = Double(pixelWidth) / DrawList.referenceWidth
        scaleY = Double(pixelHeight) / DrawList.referenceHeight
    }

    /// The whole window as a pixel rectangle.
    public var windowRect: PixelRect { PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight) }

    /// One scale for lengths that have no direction (line widths, font sizes): the smaller
    /// axis scale, so strokes and text never outgrow the boxes laid out for them.
    public var uniformScale: Double { min(scaleX, scaleY) }

    /// Window x (pixels, fractional) of a reference x.
    @inline(__always) public func pixelX(_ x: Double) -> Double { x * scaleX }
    /// Window y (pixels from the top, fractional) of a reference y (from the bottom).
    @inline(__always) public func pixelY(_ y: Double) -> Double { (DrawList.referenceHeight - y) * scaleY }

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
        max(1, Int((referenceWidth * uniformScale).rounded()))
    }

    /// The reference point under a window position given in window coordinates.
    ///
    /// - Parameters:
    ///   - windowX: pixels from the window's left edge.
    ///   - windowY: pixels from the window's top edge.
    public func referencePoint(windowX: Double, windowY: Double) -> Point {
        Point(windowX / scaleX, DrawList.referenceHeight - windowY / scaleY)
    }

    /// The reference point under a position normalised to the window (0...1, top-left origin),
    /// as SDL reports touch fingers.
    public static func referencePoint(normalizedX: Double, normalizedY: Double) -> Point {
        Point(normalizedX * DrawList.referenceWidth, (1 - normalizedY) * DrawList.referenceHeight)
    }
}
