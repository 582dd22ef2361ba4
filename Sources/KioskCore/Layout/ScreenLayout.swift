/// OpenMATB's screen regions (docs/openmatb-behaviour.md: Screen regions) on the 1920×1080 reference canvas.
///
/// labkiosk simulates and logs in this one geometry whatever the real window size, so
/// logs agree across kiosks; the shell scales only when drawing.
public struct ScreenLayout: Hashable, Sendable {
    /// Two x-fractions that split a row of the screen into three columns.
    public struct ColumnBounds: Hashable, Sendable {
        public var first: Double
        public var second: Double
        public init(_ first: Double, _ second: Double) {
            self.first = first
            self.second = second
        }
    }

    public var width: Double
    public var height: Double
    /// Split of the top row into topleft/topmid/topright (config.ini `top_bounds`).
    public var topBounds: ColumnBounds
    /// Split of the bottom row (config.ini `bottom_bounds`).
    public var bottomBounds: ColumnBounds

    public init(width: Double = Canvas.openMATB.width, height: Double = Canvas.openMATB.height,
                topBounds: ColumnBounds = .init(0.35, 0.85), bottomBounds: ColumnBounds = .init(0.30, 0.85)) {
        self.width = width
        self.height = height
        self.topBounds = topBounds
        self.bottomBounds = bottomBounds
    }

    /// The rectangle of a placement; column bounds are truncated to whole pixels as OpenMATB does.
    public func region(_ placement: Placement) -> Rect {
        let half = height / 2
        let x1 = (width * topBounds.first).rounded(.towardZero), x2 = (width * topBounds.second).rounded(.towardZero)
        let x3 = (width * bottomBounds.first).rounded(.towardZero), x4 = (width * bottomBounds.second).rounded(.towardZero)
        switch placement {
        case .fullscreen: return Rect(left: 0, bottom: 0, width: width, height: height)
        case .topleft: return Rect(left: 0, bottom: half, width: x1, height: half)
        case .topmid: return Rect(left: x1, bottom: half, width: x2 - x1, height: half)
        case .topright: return Rect(left: x2, bottom: half, width: width - x2, height: half)
        case .bottomleft: return Rect(left: 0, bottom: 0, width: x3, height: half)
        case .bottommid: return Rect(left: x3, bottom: 0, width: x4 - x3, height: half)
        case .bottomright: return Rect(left: x4, bottom: 0, width: width - x4, height: half)
        case .invisible: return .empty
        }
    }

    /// The top 10 % of a region, where the task title sits.
    public func titleBand(of region: Rect) -> Rect {
        Rect(left: region.left, bottom: region.bottom + region.height * 0.9, width: region.width, height: region.height * 0.1)
    }

    /// The bottom 90 % of a region, where the task draws.
    public func taskArea(of region: Rect) -> Rect {
        Rect(left: region.left, bottom: region.bottom, width: region.width, height: region.height * 0.9)
    }
}
