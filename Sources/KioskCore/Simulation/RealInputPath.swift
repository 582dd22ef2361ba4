/// How a simulated participant's inputs reach a block of a plan run with `--real-input`
/// (docs/simulate.md): in a window, in real time, through an input device as a person's do.
public enum RealInputPath: Equatable, Sendable {
    /// Answers are taps on the answer's on-screen button, on a touchscreen.
    case touchscreenTaps
    /// The model makes nothing in the block through a device: what waits is moved past at once
    /// (instructions and the screens between blocks, which headless it reads).
    case nothing
    /// The model acts in the block through a way no simulated device offers yet (why).
    case noDevice(String)

    /// The path of `block`'s inputs.
    public static func of(_ block: PlanBlock) -> RealInputPath {
        switch block.kind {
        case .judge: .touchscreenTaps
        case .matb: .noDevice("its operator's stick and keys have no simulated device yet")
        case .questionnaire: .noDevice("its pages go on with Space, and keys reach labkiosk only through the window system")
        case .consent: .noDevice("its name is typed on the keyboard, and keys reach labkiosk only through the window system")
        case .prompts: .noDevice("its waits go on with Space, and keys reach labkiosk only through the window system")
        case .pad: .noDevice("its strokes are a pen's, and no simulated pen is made yet")
        case .break where block.selfPaced:
            .noDevice("a self-paced break goes on with Space, and keys reach labkiosk only through the window system")
        default: .nothing
        }
    }

    /// What a person would read of it.
    public var description: String {
        switch self {
        case .touchscreenTaps: "answers as taps on their buttons, through a touchscreen"
        case .nothing: "nothing to answer through a device; its screens are moved past at once"
        case .noDevice(let why): "no device path: \(why)"
        }
    }
}
