/// An input a simulated participant made through a device with `--real-input`, at the instant
/// the device made it (docs/simulate.md): what a block logged of it is compared with this.
public struct MadeInput: Equatable, Sendable {
    public var time: MonotonicTime
    public var payload: InputEvent.Payload

    public init(time: MonotonicTime, payload: InputEvent.Payload) {
        self.time = time
        self.payload = payload
    }
}
