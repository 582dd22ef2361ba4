/// An integer rectangle in window pixels, origin top-left, y growing downward (SDL's convention).
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var right: Int { x + width }
    public var bottom: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// Area in pixels (0 when empty).
    public var area: Int { isEmpty ? 0 : width * height }

    public var description: String { "(\(x),\(y) \(width)×\(height))" }

    /// Whether the rectangles share at least one pixel.
    public func intersects(_ other: PixelRect) -> Bool {
        !isEmpty && !other.isEmpty && x < other.right && other.x < right && y < other.bottom && other.y < bottom
    }

    /// The pixels both rectangles cover (empty, with zero size, when they do not meet).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let l = max(x, other.x), t = max(y, other.y)
        let r = min(right, other.right), b = min(bottom, other.bottom)
        guard r > l, b > t else { return PixelRect(x: l, y: t, width: 0, height: 0) }
        return PixelRect(x: l, y: t, width: r - l, height: b - t)
    }

    /// The smallest rectangle holding both; an empty operand is ignored.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let l = min(x, other.x), t = min(y, other.y)
        return PixelRect(x: l, y: t, width: max(right, other.right) - l, height: max(bottom, other.bottom) - t)
    }

    /// The rectangle grown by `pixels` on every side.
    public func expanded(by pixels: Int) -> PixelRect {
        PixelRect(x: x - pixels, y: y - pixels, width: width + 2 * pixels, height: height + 2 * pixels)
    }
}
