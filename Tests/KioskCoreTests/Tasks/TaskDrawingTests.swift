import Testing
@testable import KioskCore

/// The three panels as draw commands (docs/openmatb-behaviour.md: Widget looks), in reference coordinates.
@Suite struct TaskDrawingTests {
    static let layout = ScreenLayout()
    static func area(_ placement: Placement) -> Rect { layout.taskArea(of: layout.region(placement)) }

    @Test func sysmonScalesLightsArrowsAndFeedback() {
        let drawing = SysmonDrawing(area: Self.area(.topleft))
        var display = SysmonDisplay(SysmonParameters(ParameterValues(.sysmon)))
        display.arrows = [0, 5, 10, 7]
        display.feedbackVisible[1] = true
        display.feedbackColors[1] = .color(.red)
        var list = DrawList()
        drawing.draw(display, into: &list)
        let scale1 = drawing.geometry.scales[0]
        #expect(list.commands.contains(.fillRect(scale1, .white)))
        #expect(list.commands.contains(.strokeRect(scale1, .black, lineWidth: 2)))
        // Eleven ticks on the right edge, the middle one 8 units longer.
        let ticks = list.commands.compactMap { command -> Double? in
            if case .line(let a, let b, _, _) = command, b.x == scale1.right, a.y == b.y { return b.x - a.x }
            return nil
        }
        #expect(ticks.count == 11 && ticks.filter { abs($0 - (scale1.width * 0.25 + 8)) < 1e-9 }.count == 1)
        // Arrow 0 points at the middle of the bottom band.
        let arrowTips = list.commands.compactMap { command -> Point? in
            if case .fillPolygon(let points, .black) = command { return points.first }
            return nil
        }
        #expect(arrowTips.count == 4)
        #expect(arrowTips[0].y == scale1.bottom + scale1.height / 22)
        #expect(arrowTips[0].x == scale1.right - scale1.width * 0.25 - scale1.width * 0.22)
        // The feedback strip covers the bottom 12 % of scale 2.
        let scale2 = drawing.geometry.scales[1]
        #expect(list.commands.contains(.fillRect(Rect(left: scale2.left, bottom: scale2.bottom, width: scale2.width, height: scale2.height * 0.12), .red)))
        #expect(list.commands.contains(.fillRect(drawing.geometry.lights[0], .green)))
        #expect(list.commands.contains(.fillRect(drawing.geometry.lights[1], .background)))
        #expect(list.commands.contains { if case .text("F6", drawing.geometry.lights[1], _) = $0 { true } else { false } })
    }

    @Test func trackReticleTargetAndCursor() {
        let drawing = TrackDrawing(area: Self.area(.topmid))
        let geometry = drawing.geometry
        var display = TrackDisplay(geometry: geometry, color: .color(.black), targetProportion: 0.25)
        var list = DrawList()
        drawing.draw(display, into: &list)
        let center = Point(geometry.center.x, geometry.center.y)
        #expect(list.commands.contains(.fillCircle(center: center, radius: 48.6, .white)))
        #expect(list.commands.contains(.strokeCircle(center: center, radius: 48.6, .black, lineWidth: 2, dashed: true)))
        #expect(list.commands.contains(.strokeCircle(center: center, radius: 388.8 / 2 * 0.08, .black, lineWidth: 2, dashed: false)))
        // Four half-axes with five graduations each and two corner strokes per corner.
        #expect(list.commands.filter { if case .line(_, _, .black, _) = $0 { true } else { false } }.count == 4 * 8 + 2)
        // The cursor's commands change only when the displayed cursor moves.
        let before = list.commands
        _ = display.refresh(cursor: .zero, color: .color(.black), targetProportion: .float(0.25), geometry: geometry)
        var same = DrawList()
        drawing.draw(display, into: &same)
        #expect(same.commands == before)
        _ = display.refresh(cursor: TrackVector(x: 10, y: 0), color: .color(.red), targetProportion: .float(0.25), geometry: geometry)
        var moved = DrawList()
        drawing.draw(display, into: &moved)
        #expect(moved.commands.contains(.strokeCircle(center: Point(center.x + 10, center.y), radius: 388.8 / 2 * 0.08, .red,
                                                      lineWidth: 2, dashed: false)))
        #expect(moved.commands.count == before.count)
    }

    @Test func schedulingRulerColumnsAndSegments() throws {
        var values = ParameterValues(.scheduling)
        values["displayedplugins"] = .list([.string("sysmon"), .string("track")])
        let events = try ScenarioValidator(context: .noFiles).validate(
            Array("0:00:00;track;start\n0:00:30;track;automaticsolver;True\n0:01:00;track;automaticsolver;False\n0:04:00;track;stop\n".utf8),
            path: "t").get().events
        let planning = SchedulingPlanning(events: events)
        var drawing = SchedulingDrawing(area: Self.area(.topright))
        let display = SchedulingDisplay(SchedulingParameters(values), planning: planning, elapsedSeconds: 0, language: .en)
        var list = DrawList()
        drawing.draw(display, parameters: values, planning: planning, language: .en, into: &list)
        let ruler = drawing.geometry.timeline
        let rulerTicks = list.commands.filter { if case .line(_, let b, .black, _) = $0, b.x == ruler.right { true } else { false } }
        #expect(rulerTicks.count == 2 * 8 + 1 + 1, "17 ticks and the ruler line")
        #expect(list.commands.contains { if case .text("min.", _, let style) = $0 { style.italic } else { false } })
        // Two displayed columns: two grey lines; the track column has a red bar 0…4 min and
        // green bars 0…0.5 min and 1…4 min.
        #expect(list.commands.filter { if case .line(_, _, .grey, _) = $0 { true } else { false } }.count == 2)
        let track = drawing.geometry.columns[1]
        let y = { (seconds: Double) in SchedulingGeometry.y(of: seconds, span: 480, in: track) }
        #expect(list.commands.contains(.fillRect(Rect(left: track.centerX - 1, bottom: y(240), width: 2, height: y(0) - y(240)), .red)))
        #expect(list.commands.contains(.fillRect(Rect(left: track.centerX - 6, bottom: y(30), width: 12, height: y(0) - y(30)), .green)))
        #expect(list.commands.contains { if case .text("Elapsed time \t 00:00:00", _, _) = $0 { true } else { false } })
        // A second frame with nothing changed gives the same commands.
        var again = DrawList()
        drawing.draw(display, parameters: values, planning: planning, language: .en, into: &again)
        #expect(again.commands == list.commands)
    }
}
