/// Where resman's tanks, pumps and pipes sit in its task area, and its pump-status rows in
/// their own region (docs/openmatb-behaviour.md: Resources management, OpenMATB's tank and pump
/// widgets), in reference pixels.
struct ResmanGeometry: Hashable, Sendable {
    /// One pump's triangle (tip first), number position, pipe and touch area.
    struct Pump: Hashable, Sendable {
        var triangle: [Point]
        var labelCenter: Point
        /// The pipe as one or two straight segments.
        var pipe: [Point]
        /// The triangle's bounds grown by half a pump width: where a tap or click toggles it.
        var hitBox: Rect
    }

    /// The pump-status panel: its title band, the area its cover hides, and one row per pump.
    struct StatusPanel: Hashable, Sendable {
        var title: Rect
        var area: Rect
        var rows: [Rect]
    }

    let area: Rect
    /// Per tank a…f.
    let tanks: [Rect]
    /// Per pump 1…8.
    let pumps: [Pump]
    /// Side of a pump triangle: 2.8 % of the task width.
    let pumpWidth: Double

    init(area: Rect) {
        self.area = area
        let height = 0.35 * area.height
        let (small, medium, large) = (0.1 * area.width, 0.12 * area.width, 0.15 * area.width)
        let lower = area.bottom + 0.15 * area.height, upper = area.bottom + 0.55 * area.height
        func left(_ fraction: Double) -> Double { area.left + area.width * fraction }
        tanks = [
            Rect(left: left(0.14), bottom: upper, width: large, height: height),
            Rect(left: left(0.64), bottom: upper, width: large, height: height),
            Rect(left: left(0.05), bottom: lower, width: small, height: height),
            Rect(left: left(0.55), bottom: lower, width: small, height: height),
            Rect(left: left(0.3), bottom: lower, width: medium, height: height),
            Rect(left: left(0.8), bottom: lower, width: medium, height: height),
        ]
        let width = 0.028 * area.width
        pumpWidth = width
        let tankRects = tanks
        pumps = ResmanTopology.pumps.enumerated().map { index, pipe in
            let yOffset = index == 6 ? 0.055 * area.height : 0  // pump 7 runs above pump 8
            return Self.pump(from: tankRects[pipe.from.rawValue], to: tankRects[pipe.to.rawValue], width: width, yOffset: yOffset)
        }
    }

    /// A pump between two tanks: on a straight pipe between tanks of one row, or stuck on top
    /// of a lower tank, pointing up, on an elbow pipe that ends 20 px below the upper tank's centre.
    private static func pump(from: Rect, to: Rect, width: Double, yOffset: Double) -> Pump {
        let triangle: [Point]
        let label: Point
        let pipe: [Point]
        if from.centerX == to.centerX || from.centerY == to.centerY {
            pipe = [Point(from.centerX, from.centerY + yOffset), Point(to.centerX, to.centerY + yOffset)]
            let x1 = min(from.centerX, to.centerX), x2 = max(from.centerX, to.centerX)
            let leftward = from.centerX > to.centerX
            let x = x1 + (x2 - x1) / 2 + (leftward ? -1 : 1) * width / 2
            let y = from.centerY + yOffset
            let w = leftward ? width : -width
            triangle = [Point(x, y), Point(x + w, y + width / 2), Point(x + w, y - width / 2)]
            label = Point(x + w * 0.7, y + 2)
        } else {
            let elbowY = to.centerY - 20
            pipe = [Point(from.centerX, from.centerY), Point(from.centerX, elbowY), Point(to.centerX, elbowY)]
            let x = from.centerX, y = from.top + width * 2
            triangle = [Point(x, y), Point(x - width / 2, y - width), Point(x + width / 2, y - width)]
            label = Point(x, y - width / 2 - 3)
        }
        let xs = triangle.map(\.x), ys = triangle.map(\.y)
        let margin = width * 0.5
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        let hitBox = Rect(left: minX - margin, bottom: minY - margin,
                          width: (xs.max() ?? 0) - minX + 2 * margin, height: (ys.max() ?? 0) - minY + 2 * margin)
        return Pump(triangle: triangle, labelCenter: label, pipe: pipe, hitBox: hitBox)
    }

    /// The pump-status panel in a region: title band on top 10 %, rows of 10 % of the whole
    /// region height from 80 % downwards.
    static func statusPanel(in region: Rect) -> StatusPanel {
        StatusPanel(
            title: Rect(left: region.left, bottom: region.bottom + region.height * 0.9, width: region.width, height: region.height * 0.1),
            area: Rect(left: region.left, bottom: region.bottom, width: region.width, height: region.height * 0.9),
            rows: (0..<ResmanTopology.pumpCount).map { position in
                Rect(left: region.left, bottom: region.bottom + region.height * (0.8 - 0.1 * Double(position)),
                     width: region.width, height: region.height * 0.1)
            })
    }

    /// The pump whose touch area holds the point, if any.
    func pump(at point: Point) -> Int? {
        pumps.firstIndex { $0.hitBox.contains(x: point.x, y: point.y) }
    }

    /// The height in a tank that a level reaches, given the tank's capacity.
    func y(of level: Double, in tank: ResmanTank, max: Double) -> Double {
        let rect = tanks[tank.rawValue]
        return rect.bottom + rect.height * (level / max)
    }
}
