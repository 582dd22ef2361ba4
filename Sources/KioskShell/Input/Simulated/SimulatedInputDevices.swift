import KioskCore

/// The input devices a simulated participant works with `labkiosk simulate --real-input`
/// (docs/simulate.md): those the plan's blocks need (``RealInputPath``), each made when the run
/// starts and read by labkiosk as a kiosk's devices are read.
public final class SimulatedInputDevices {
    private let touchscreen: SimulatedTouchscreen?
    private let pen: SimulatedPen?
    private let joystick: SimulatedJoystick?
    private let keyboard: SimulatedKeyboard?

    /// Makes the devices in `needed`.
    public init(_ needed: Set<RealInputPath.Device>) throws {
        touchscreen = needed.contains(.touchscreen) ? try SimulatedTouchscreen() : nil
        // Pens and touchscreens are read from one folder.
        pen = needed.contains(.pen) ? try SimulatedPen(node: "event1", in: touchscreen?.device.folder) : nil
        joystick = needed.contains(.joystick) ? try SimulatedJoystick() : nil
        keyboard = needed.contains(.keyboard) ? try SimulatedKeyboard() : nil
    }

    /// Removes the devices, once every input has been made.
    public func close() {
        // The pen first: the folder it may share is the touchscreen's, which removes it.
        pen?.device.close()
        touchscreen?.device.close()
        joystick?.device.close()
        keyboard?.close()
    }

    /// The input folder pens and touchscreens are read from: the simulated touchscreen's and pen's alone.
    public var pointerFolder: String? { touchscreen?.device.folder ?? pen?.device.folder }
    /// The input folder joysticks are read from: the simulated joystick's alone.
    public var joystickFolder: String? { joystick?.device.folder }

    /// Makes `input` through the device that makes it, when its time comes; `place` is where a
    /// point of the canvas lies on a touchscreen (0…1 across it, y down). An input no device
    /// of the run makes is a fault of the participant's model, and stops the run.
    public func make(_ input: InputEvent, place: (Point) -> (x: Double, y: Double)) {
        switch input.payload {
        case .pointerDown(_, .finger), .pointerMove(_, .finger), .pointerUp(_, .finger):
            guard let touchscreen else { preconditionFailure("a tap with no simulated touchscreen") }
            touchscreen.make(input, place: place)
        case .pointerDown(_, .pen), .pointerMove(_, .pen), .pointerUp(_, .pen):
            guard let pen else { preconditionFailure("a pen's stroke with no simulated pen") }
            pen.make(input, place: place)
        case .joystickAxes, .joystickButton:
            guard let joystick else { preconditionFailure("a stick position or button with no simulated joystick") }
            joystick.make(input)
        case .keyPress, .keyRelease:
            guard let keyboard else { preconditionFailure("a key with no simulated keyboard") }
            keyboard.make(input)
        default:
            preconditionFailure("no simulated device makes \(input.payload)")
        }
    }

    /// The inputs made since the last call, by the instant each was made, and the devices' first failures.
    public func takeMade() -> (inputs: [MadeInput], failures: [String]) {
        let taken = [touchscreen?.device.made, pen?.device.made, joystick?.device.made, keyboard?.made].compactMap { $0?.take() }
        return (taken.flatMap(\.inputs).sorted { $0.time < $1.time }, taken.compactMap(\.failure))
    }
}
