/// The Linux input-event numbers labkiosk reads (`<linux/input-event-codes.h>`), so the core
/// can decode event streams without including kernel headers.
public enum EvdevCode {
    // Event types.
    public static let synchronization: UInt16 = 0x00  // EV_SYN
    public static let key: UInt16 = 0x01  // EV_KEY
    public static let relative: UInt16 = 0x02  // EV_REL
    public static let absolute: UInt16 = 0x03  // EV_ABS
    public static let miscellaneous: UInt16 = 0x04  // EV_MSC
    /// The highest event type the kernel defines (EV_MAX); anything above is not an event.
    public static let maximumType: UInt16 = 0x1f

    // EV_SYN codes.
    public static let synReport: UInt16 = 0  // SYN_REPORT
    public static let synDropped: UInt16 = 3  // SYN_DROPPED

    // EV_ABS codes.
    public static let absX: UInt16 = 0x00
    public static let absY: UInt16 = 0x01
    public static let absHat0X: UInt16 = 0x10
    public static let absHat0Y: UInt16 = 0x11
    public static let absPressure: UInt16 = 0x18
    public static let absTiltX: UInt16 = 0x1a
    public static let absTiltY: UInt16 = 0x1b
    public static let absMTSlot: UInt16 = 0x2f  // ABS_MT_SLOT: multi-touch surfaces, not sticks
    public static let absMTPositionX: UInt16 = 0x35
    public static let absMTPositionY: UInt16 = 0x36
    public static let absMTTrackingID: UInt16 = 0x39
    public static let absMTPressure: UInt16 = 0x3a
    public static let absMaximum: UInt16 = 0x3f

    // EV_KEY codes.
    /// BTN_JOYSTICK (= BTN_TRIGGER) up to BTN_GAMEPAD's last code: the joystick and gamepad buttons.
    public static let joystickButtons: ClosedRange<UInt16> = 0x120...0x13f
    /// BTN_TRIGGER_HAPPY1...40: extra buttons of many sticks and pads.
    public static let extraButtons: ClosedRange<UInt16> = 0x2c0...0x2e7
    public static let btnToolPen: UInt16 = 0x140
    public static let btnToolRubber: UInt16 = 0x141
    public static let btnToolFinger: UInt16 = 0x145
    public static let btnTouch: UInt16 = 0x14a
    public static let keyMaximum: UInt16 = 0x2ff

    /// Whether a key code is a button a joystick reports as `JOY_BTN_n`.
    public static func isJoystickButton(_ code: UInt16) -> Bool {
        joystickButtons.contains(code) || extraButtons.contains(code)
    }
}
