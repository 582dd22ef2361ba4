/// What one `FrameRenderer.render` call changed on screen.
public struct FrameUpdate: Hashable, Sendable {
    /// Rectangles repainted and sent to the screen (the whole window for a full repaint).
    public var rects: [PixelRect]
    /// Whether everything was repainted (first frame, resize, or too much changed).
    public var isFullRepaint: Bool
    /// Pixels repainted.
    public var pixelCount: Int { rects.reduce(0) { $0 + $1.area } }
    /// Whether the frame looked like the previous one, so nothing was drawn or sent.
    public var isUnchanged: Bool { rects.isEmpty }

    public init(rects: [PixelRect], isFullRepaint: Bool) {
        self.rects = rects
        self.isFullRepaint = isFullRepaint
    }

    public static let unchanged = FrameUpdate(rects: [], isFullRepaint: false)
}
