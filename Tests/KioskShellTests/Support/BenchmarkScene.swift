import Foundation
import KioskCore

/// A MATB-like screen for benchmarks and visual checks: the six regions with their
/// titles, scales, lights, reticle, tanks and text, plus a tracking cursor that moves
/// every frame (the one thing that changes at 60 Hz in a real session's calmest moments).
///
/// It imitates OpenMATB's look (docs/openmatb-behaviour.md: Screen regions) closely enough to cost what a
/// real frame costs; it is not the real task drawing, which lives in the core.
enum BenchmarkScene {
    /// The part of the screen that does not move.
    static func staticPart() -> DrawList {
        var list = DrawList()
        let white = Color.white, black = Color.black
        // Title bands (top of each row, 5 % of the height) and region titles.
        list.fill(Rect(left: 0, bottom: 1026, width: 1920, height: 54), black)
        list.fill(Rect(left: 0, bottom: 486, width: 1920, height: 54), black)
        let titles: [(String, Rect)] = [
            ("SYSTEM MONITORING", Rect(left: 0, bottom: 1026, width: 672, height: 54)),
            ("TRACKING", Rect(left: 672, bottom: 1026, width: 960, height: 54)),
            ("SCHEDULING", Rect(left: 1632, bottom: 1026, width: 288, height: 54)),
            ("COMMUNICATIONS", Rect(left: 0, bottom: 486, width: 576, height: 54)),
            ("RESOURCES MANAGEMENT", Rect(left: 576, bottom: 486, width: 1056, height: 54)),
            ("PUMP STATUS", Rect(left: 1632, bottom: 486, width: 288, height: 54)),
        ]
        for (title, box) in titles { list.text(title, in: box, TextStyle(pointSize: TextStyle.medium, color: white)) }

        // System monitoring: two lights and four scales with ticks and arrows.
        for (i, (name, on)) in [("F5", true), ("F6", false)].enumerated() {
            let light = Rect(left: 90 + Double(i) * 300, bottom: 900, width: 190, height: 70)
            list.fill(light, on ? .green : .background)
            list.stroke(light, black)
            list.text(name, in: light, TextStyle(pointSize: TextStyle.medium))
        }
        for i in 0..<4 {
            let scale = Rect(left: 70 + Double(i) * 150, bottom: 600, width: 60, height: 250)
            list.fill(scale, white)
            list.stroke(scale, black)
            for t in 0...10 {
                let y = scale.bottom + scale.height * Double(t) / 10
                let length = t == 5 ? 23.0 : 15.0
                list.line(Point(scale.right - length, y), Point(scale.right, y), black)
            }
            let arrowY = scale.bottom + scale.height * (0.35 + 0.1 * Double(i))
            list.append(.fillPolygon(
                [Point(scale.left + 12, arrowY + 8), Point(scale.left + 30, arrowY), Point(scale.left + 12, arrowY - 8)], black))
            list.text("F\(i + 1)", in: Rect(left: scale.left - 20, bottom: 560, width: 100, height: 30), TextStyle(pointSize: TextStyle.medium))
        }

        // Tracking reticle: axes with graduations, corner marks, target disc and dashed circle.
        let c = trackingCenter, side = 440.0, half = side / 2
        list.line(Point(c.x - half, c.y), Point(c.x + half, c.y), black)
        list.line(Point(c.x, c.y - half), Point(c.x, c.y + half), black)
        for k in 1...4 {
            let d = half * Double(k) / 4, g = side * 0.023 * (k % 2 == 0 ? 2 : 1)
            for s in [-1.0, 1.0] {
                list.line(Point(c.x + s * d, c.y - g), Point(c.x + s * d, c.y + g), black)
                list.line(Point(c.x - g, c.y + s * d), Point(c.x + g, c.y + s * d), black)
            }
        }
        let corner = side * 0.07
        for (sx, sy) in [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)] {
            let p = Point(c.x + sx * half, c.y + sy * half)
            list.append(.polyline([Point(p.x - sx * corner, p.y), p, Point(p.x, p.y - sy * corner)], black, lineWidth: 2, closed: false))
        }
        list.append(.fillCircle(center: c, radius: half * 0.25, white))
        list.append(.strokeCircle(center: c, radius: half * 0.25, black, lineWidth: 2, dashed: true))

        // Scheduling: two timelines with markers.
        for (i, x) in [1700.0, 1820.0].enumerated() {
            list.line(Point(x, 560), Point(x, 990), .grey, lineWidth: 6)
            list.fill(Rect(left: x - 8, bottom: 700 + Double(i) * 90, width: 16, height: 120), i == 0 ? .red : .green)
        }

        // Communications: callsign and radios.
        list.text("Callsign  NASA-504", in: Rect(left: 20, bottom: 420, width: 536, height: 40),
                  TextStyle(pointSize: TextStyle.large, bold: true, alignment: .left))
        for (i, radio) in ["NAV1\t112.500", "NAV2\t111.800", "COM1\t125.500", "COM2\t126.750"].enumerated() {
            list.text(radio, in: Rect(left: 60, bottom: 330 - Double(i) * 70, width: 456, height: 40),
                      TextStyle(pointSize: TextStyle.medium, bold: i == 1, alignment: .left))
        }

        // Resource management: tanks with levels, pumps between them, and labels.
        for (i, level) in [0.6, 0.45, 0.8, 0.3].enumerated() {
            let tank = Rect(left: 640 + Double(i) * 250, bottom: 120, width: 150, height: 280)
            list.fill(tank, white)
            list.fill(Rect(left: tank.left, bottom: tank.bottom, width: tank.width, height: tank.height * level), .green)
            list.stroke(tank, black)
            list.text(["A", "B", "C", "D"][i], in: Rect(left: tank.left, bottom: 70, width: tank.width, height: 40),
                      TextStyle(pointSize: TextStyle.large))
            list.text(String(Int(level * 4000)), in: Rect(left: tank.left, bottom: 40, width: tank.width, height: 30),
                      TextStyle(pointSize: TextStyle.small, italic: true))
            if i < 3 {
                let y = 250.0, x = tank.right + 50
                list.line(Point(tank.right, y), Point(tank.right + 100, y), black)
                list.append(.fillPolygon([Point(x - 18, y - 18), Point(x + 18, y), Point(x - 18, y + 18)], i == 1 ? .red : .green))
            }
        }
        for (i, flow) in ["1  800", "2  600", "3  800"].enumerated() {
            list.text(flow, in: Rect(left: 1660, bottom: 400 - Double(i) * 45, width: 230, height: 36),
                      TextStyle(pointSize: TextStyle.medium, alignment: .left))
        }
        return list
    }

    /// The centre of the tracking reticle, in reference coordinates.
    public static let trackingCenter = Point(1152, 783)

    /// The moving cursor at frame `frame`: a circle with a cross, wandering inside the reticle.
    static func cursor(frame: Int) -> DrawList {
        let t = Double(frame) / 60
        let c = Point(
            trackingCenter.x + 150 * sin(t * 0.9) + 40 * sin(t * 2.3),
            trackingCenter.y + 140 * cos(t * 0.7) + 30 * sin(t * 1.9))
        let r = 17.6
        var list = DrawList()
        list.append(.strokeCircle(center: c, radius: r, .black, lineWidth: 2, dashed: false))
        list.line(Point(c.x - r, c.y), Point(c.x + r, c.y), .black)
        list.line(Point(c.x, c.y - r), Point(c.x, c.y + r), .black)
        return list
    }

    /// The whole frame: the static part with the cursor on top.
    static func frame(_ frame: Int, staticPart: DrawList) -> DrawList {
        var list = staticPart
        list.append(contentsOf: cursor(frame: frame))
        return list
    }
}
