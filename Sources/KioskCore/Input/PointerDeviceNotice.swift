/// Something a pen or touchscreen read from evdev reported about itself: it was found, it
/// went, the kernel dropped some of its events, or it could not be read. The drawing pad
/// writes these in its samples file; MATB ignores them.
public struct PointerDeviceNotice: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case opened, closed, eventsDropped, problem
    }

    public var kind: Kind
    /// The device's name and node, e.g. `Wacom One Pen (/dev/input/event7)`.
    public var device: String
    public var detail: String

    public init(_ kind: Kind, device: String, detail: String) {
        self.kind = kind
        self.device = device
        self.detail = detail
    }
}
