/// labkiosk's `[Kiosk]` section of a settings file: how staff leave a kiosk-mode run.
public struct KioskSettings: Hashable, Sendable {
    /// `exit_chord`: keys held together, `+`-separated (default `CTRL+ALT+SHIFT+Q`).
    public var exitChord: [String]?
    /// `pin`: digits typed then Enter, for keyboards where a chord is awkward.
    public var pin: String?

    public init() {}

    public var staffExit: StaffExit { StaffExit(chord: exitChord ?? StaffExit.defaultChord, pin: pin) }
}
