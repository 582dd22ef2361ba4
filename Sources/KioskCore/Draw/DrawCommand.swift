/// A point in reference layout coordinates (1920×1080, y up).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// How a piece of text is set inside its box.
public struct TextStyle: Hashable, Sendable {
    /// Horizontal placement of each line inside the box.
    public enum Alignment: Hashable, Sendable { case left, center, right }
    /// Vertical placement of the text block inside the box.
    public enum VerticalAlignment: Hashable, Sendable { case top, center, bottom }

    /// Size in points at 96 dpi, as OpenMATB (pyglet) gives font sizes.
    public var pointSize: Double
    public var color: Color
    public var bold: Bool
    public var italic: Bool
    public var alignment: Alignment
    public var verticalAlignment: VerticalAlignment
    /// Wrap lines at the box width instead of clipping them.
    public var wraps: Bool

    public init(
        pointSize: Double, color: Color = .black, bold: Bool = false, italic: Bool = false,
        alignment: Alignment = .center, verticalAlignment: VerticalAlignment = .center, wraps: Bool = false
    ) {
        self.pointSize = pointSize
        self.color = color
        self.bold = bold
        self.italic = italic
        self.alignment = alignment
        self.verticalAlignment = verticalAlignment
        self.wraps = wraps
    }

    /// OpenMATB's font sizes (docs/openmatb-behaviour.md: Colours and fonts).
    public static let small = 12.0, medium = 16.0, large = 20.0, extraLarge = 30.0
}

/// One drawing primitive in reference layout coordinates. The core only describes; the
/// shell renders. Every command knows its bounds, so the shell can redraw only what changed.
public enum DrawCommand: Hashable, Sendable {
    case fillRect(Rect, Color)
    case strokeRect(Rect, Color, lineWidth: Double)
    case line(Point, Point, Color, lineWidth: Double)
    case polyline([Point], Color, lineWidth: Double, closed: Bool)
    /// A filled convex polygon.
    case fillPolygon([Point], Color)
    case fillCircle(center: Point, radius: Double, Color)
    case strokeCircle(center: Point, radius: Double, Color, lineWidth: Double, dashed: Bool)
    /// Text drawn inside `box` and clipped to it.
    case text(String, box: Rect, TextStyle)
    /// Styled paragraphs and images flowed inside `box` (wrapped at its width), placed
    /// vertically as `verticalAlignment` says, and clipped to it.
    case richText(RichText, box: Rect, verticalAlignment: TextStyle.VerticalAlignment)
    /// A picture (a stimulus), by the name its block's host gave the renderer, scaled to
    /// fill `box` exactly: the block chooses the box, keeping the picture's proportions.
    case image(String, box: Rect)
    /// A drawing pad's finished strokes.
    case ink(InkLayer)

    /// The area the command may touch, including half a line width of stroke.
    public var bounds: Rect {
        switch self {
        case .fillRect(let r, _): return r
        case .strokeRect(let r, _, let w): return r.inset(by: -w)
        case .line(let a, let b, _, let w): return Self.bounds(of: [a, b], margin: w)
        case .polyline(let pts, _, let w, _): return Self.bounds(of: pts, margin: w)
        case .fillPolygon(let pts, _): return Self.bounds(of: pts, margin: 1)
        case .fillCircle(let c, let r, _):
            return Rect(left: c.x - r - 1, bottom: c.y - r - 1, width: 2 * r + 2, height: 2 * r + 2)
        case .strokeCircle(let c, let r, _, let w, _):
            let e = r + w + 1
            return Rect(left: c.x - e, bottom: c.y - e, width: 2 * e, height: 2 * e)
        case .text(_, let box, _): return box
        case .richText(_, let box, _): return box
        case .image(_, let box): return box
        case .ink(let layer): return layer.box
        }
    }

    private static func bounds(of points: [Point], margin: Double) -> Rect {
        guard let first = points.first else { return .empty }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points.dropFirst() {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        return Rect(left: minX - margin, bottom: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin)
    }
}
