/// How a simulated participant's inputs reach a block of a plan run with `--real-input`
/// (docs/simulate.md): in a window, in real time, through input devices as a person's do.
public enum RealInputPath: Equatable, Sendable {
    /// A device the simulated participant works.
    public enum Device: String, CaseIterable, Hashable, Sendable, Comparable {
        /// The tracking task's stick: an evdev joystick.
        case joystick
        /// Keys: X's keyboard, through the XTEST extension (keys reach labkiosk only through the window system).
        case keyboard
        /// The drawing pad's strokes and its on-screen controls: an evdev stylus with pressure and tilt.
        case pen
        /// Taps on on-screen buttons and sliders, and a finger's signature: an evdev touchscreen.
        case touchscreen

        public static func < (a: Device, b: Device) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
    }

    /// The model acts in the block through these devices, for these reasons.
    case devices([Device: String])
    /// The model makes nothing in the block through a device: what waits is moved past at once
    /// (the screens between blocks, which headless it reads).
    case nothing

    /// The path of `block`'s inputs.
    public static func of(_ block: PlanBlock) -> RealInputPath {
        switch block.kind {
        case .judge: .devices([.touchscreen: "answers as taps on their buttons"])
        case .matb: .devices([.joystick: "tracking with the stick", .keyboard: "system monitoring, pumps and radios by their keys, and Space",
                              .touchscreen: "a questionnaire's sliders as taps"])
        case .questionnaire: .devices([.touchscreen: "its sliders as taps", .keyboard: "Space to go on"])
        case .consent: .devices([.keyboard: "Enter to go on and the name typed", .touchscreen: "ticks, buttons and the signature drawn with a finger"])
        case .prompts: .devices([.keyboard: "Space at each wait"])
        case .instructions: .devices([.keyboard: "Space once each slide is read"])
        case .break where block.selfPaced: .devices([.keyboard: "Space to go on"])
        case .pad: .devices([.pen: "strokes and the pad's buttons with the pen", .keyboard: "Enter for the name, and the keys that hide or show a stimulus"])
        default: .nothing
        }
    }

    /// The devices the path needs.
    public var devices: Set<Device> {
        if case .devices(let reasons) = self { Set(reasons.keys) } else { [] }
    }

    /// What a person would read of it.
    public var description: String {
        switch self {
        case .devices(let reasons):
            reasons.sorted { $0.key < $1.key }.map { "\($0.value), through the simulated \($0.key.rawValue)" }.joined(separator: "; ")
        case .nothing: "nothing to answer through a device; its screens are moved past at once"
        }
    }
}
