/// Where a `timing` run flashes: a square of `size` pixels whose top-left corner is `x`, `y`
/// pixels from the screen's top-left, where the light sensor sits.
public struct TimingPatch: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var size: Int

    public init(x: Int, y: Int, size: Int) {
        self.x = x
        self.y = y
        self.size = size
    }

    /// The patch in a canvas's coordinates (origin bottom-left).
    public func rect(on canvas: Canvas) -> Rect {
        Rect(left: Double(x), bottom: canvas.height - Double(y + size), width: Double(size), height: Double(size))
    }

    /// Why the patch cannot be shown on `canvas`, or nil when it fits.
    public func problem(on canvas: Canvas) -> String? {
        let width = Int(canvas.width), height = Int(canvas.height)
        guard size > 0 else { return "the patch's size is \(size) pixels; it must be at least 1" }
        guard x >= 0, y >= 0, x + size <= width, y + size <= height else {
            return "the patch at \(x),\(y) (\(size) pixels square) is off the \(width)×\(height) screen: "
                + "x must be 0 to \(max(0, width - size)) and y 0 to \(max(0, height - size))"
        }
        return nil
    }
}
