import Testing
@testable import KioskCore

@Suite struct VirtualJoystickTests {
    /// The tracking task's default region (topmid on the reference canvas).
    static let trackRegion = ScreenLayout().region(.topmid)
    static let pad = VirtualJoystickPad(trackRegion: trackRegion, side: .right)

    func stick(_ mode: VirtualJoystickSettings.Mode = .absolute, deadZone: Double = 0) -> VirtualJoystick {
        VirtualJoystick(settings: VirtualJoystickSettings(mode: mode, response: StickResponse(deadZone: deadZone)))
    }

    func at(_ dx: Double, _ dy: Double) -> Point {
        Point(Self.pad.center.x + dx * Self.pad.travel, Self.pad.center.y + dy * Self.pad.travel)
    }

    @Test func padSitsBesideTheReticleInsideTheTrackingArea() {
        let pad = Self.pad
        // Reticle: side 0.8 × 486 = 388.8, centred at x 1152: its right edge is 1346.4.
        #expect(abs(pad.strip.left - 1346.4) < 1e-9)
        #expect(pad.strip.right == 1632)
        #expect(abs(pad.center.y - 783) < 1e-9)
        #expect(pad.center.x + pad.travel + pad.knobRadius <= 1632 + 1e-9)
        #expect(pad.center.x - pad.travel - pad.knobRadius >= 1346.4 - 1e-9)
        let left = VirtualJoystickPad(trackRegion: Self.trackRegion, side: .left)
        #expect(left.strip.left == 672 && abs(left.strip.right - 957.6) < 1e-9)
    }

    @Test func absoluteModeDeflectsByPositionRelativeToTheCentre() {
        var stick = stick()
        #expect(stick.handle(.pointerDown(at(0.5, 0), .finger(1)), pad: Self.pad) == .captured(axes: Point(0.5, 0)))
        // Up on screen is the stick pushed forward: y −1.
        #expect(stick.handle(.pointerMove(at(0, 0.25), .finger(1)), pad: Self.pad) == .captured(axes: Point(0, -0.25)))
        // Beyond full travel the deflection is clipped.
        #expect(stick.handle(.pointerMove(at(0, -3), .finger(1)), pad: Self.pad) == .captured(axes: Point(0, 1)))
        #expect(stick.knob == Point(0, -1))
        // The same position again produces no new values.
        #expect(stick.handle(.pointerMove(at(0, -3), .finger(1)), pad: Self.pad) == .captured(axes: nil))
    }

    @Test func relativeModeDeflectsByTheDragVector() {
        var stick = stick(.relative)
        let start = Point(Self.pad.strip.left + 20, Self.pad.strip.bottom + 20)
        #expect(stick.handle(.pointerDown(start, .mouse), pad: Self.pad) == .captured(axes: nil))
        let dragged = Point(start.x + Self.pad.travel * 0.5, start.y - Self.pad.travel * 0.5)
        #expect(stick.handle(.pointerMove(dragged, .mouse), pad: Self.pad) == .captured(axes: Point(0.5, 0.5)))
    }

    @Test func releaseSpringsBack() {
        var stick = stick()
        _ = stick.handle(.pointerDown(at(0.3, 0.3), .finger(4)), pad: Self.pad)
        #expect(stick.handle(.pointerUp(at(0.3, 0.3), .finger(4)), pad: Self.pad) == .captured(axes: Point(0, 0)))
        #expect(stick.holder == nil && stick.knob == Point(0, 0))
    }

    @Test func otherPointersPassThroughWhileOneHoldsTheStick() {
        var stick = stick()
        _ = stick.handle(.pointerDown(at(0.2, 0), .finger(1)), pad: Self.pad)
        // A second finger on the stick, and one elsewhere, are not the stick's.
        #expect(stick.handle(.pointerDown(at(0, 0), .finger(2)), pad: Self.pad) == .passThrough)
        #expect(stick.handle(.pointerDown(Point(300, 800), .finger(3)), pad: Self.pad) == .passThrough)
        #expect(stick.handle(.pointerUp(Point(300, 800), .finger(3)), pad: Self.pad) == .passThrough)
        #expect(stick.handle(.keyPress("F1"), pad: Self.pad) == .passThrough)
        #expect(stick.holder == .finger(1))
    }

    @Test func touchesOffThePadOrWhileItIsHiddenAreNotTaken() {
        var stick = stick()
        #expect(stick.handle(.pointerDown(at(2, 2), .finger(1)), pad: Self.pad) == .passThrough)
        #expect(stick.handle(.pointerDown(at(0, 0), .finger(1)), pad: nil) == .passThrough)
        // A holder keeps the stick while it hides, and its lift still springs it back.
        _ = stick.handle(.pointerDown(at(0.5, 0), .finger(2)), pad: Self.pad)
        #expect(stick.handle(.pointerMove(at(0.6, 0), .finger(2)), pad: nil) == .captured(axes: Point(0.6, 0)))
        #expect(stick.handle(.pointerUp(at(0.6, 0), .finger(2)), pad: nil) == .captured(axes: Point(0, 0)))
    }

    @Test func drawsBaseAndKnobWhereTheFingerHoldsIt() {
        var stick = stick(deadZone: 0.1)
        _ = stick.handle(.pointerDown(at(0.5, 0), .finger(1)), pad: Self.pad)
        var list = DrawList()
        stick.draw(on: Self.pad, into: &list)
        guard case .fillCircle(let knob, let radius, _) = list.commands.last else {
            Issue.record("the knob is drawn last")
            return
        }
        #expect(knob == at(0.5, 0) && radius == Self.pad.knobRadius)
        #expect(list.commands.contains(.strokeCircle(center: Self.pad.center, radius: Self.pad.travel * 0.1, .grey, lineWidth: 1, dashed: true)))
    }
}
