/// A rectangle in OpenMATB's convention: `(left, bottom, width, height)`, y growing upward.
public struct Rect: Hashable, Sendable {
    public var left: Double
    public var bottom: Double
    public var width: Double
    public var height: Double

    public init(left: Double, bottom: Double, width: Double, height: Double) {
        self.left = left
        self.bottom = bottom
        self.width = width
        self.height = height
    }

    public static let empty = Rect(left: 0, bottom: 0, width: 0, height: 0)

    public var right: Double { left + width }
    public var top: Double { bottom + height }
    public var centerX: Double { left + width / 2 }
    public var centerY: Double { bottom + height / 2 }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The same rectangle reduced to fractions of its size, keeping its centre.
    public func reduced(widthFraction: Double, heightFraction: Double) -> Rect {
        let w = width * widthFraction
        let h = height * heightFraction
        return Rect(left: left + (width - w) / 2, bottom: bottom + (height - h) / 2, width: w, height: h)
    }

    /// Whether the rectangles share any area.
    public func intersects(_ other: Rect) -> Bool {
        left < other.right && other.left < right && bottom < other.top && other.bottom < top
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let l = min(left, other.left)
        let b = min(bottom, other.bottom)
        return Rect(left: l, bottom: b, width: max(right, other.right) - l, height: max(top, other.top) - b)
    }

    /// Whether the point lies inside, edges included.
    public func contains(x: Double, y: Double) -> Bool {
        x >= left && x <= right && y >= bottom && y <= top
    }

    /// The rectangle narrowed by `margin` on the left and on the right.
    public func insetHorizontally(_ margin: Double) -> Rect {
        Rect(left: left + margin, bottom: bottom, width: max(0, width - 2 * margin), height: height)
    }

    /// The rectangle grown by `margin` on every side.
    public func inset(by margin: Double) -> Rect {
        Rect(left: left + margin, bottom: bottom + margin, width: width - 2 * margin, height: height - 2 * margin)
    }
}
