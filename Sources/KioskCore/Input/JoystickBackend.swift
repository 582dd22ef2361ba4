/// Where hardware joystick input comes from.
public enum JoystickBackend: String, CaseIterable, Hashable, Sendable {
    /// `/dev/input/event*` read directly, with kernel timestamps (the default).
    case evdev
    /// SDL's joystick and game-controller layer, for pads that need SDL's mappings;
    /// events carry the time SDL delivered them.
    case sdl
    /// No hardware joystick; the on-screen stick only.
    case none
}
