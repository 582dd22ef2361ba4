/// One kernel input event: `struct input_event` as read from `/dev/input/event*` on
/// 64-bit Linux, 24 bytes, little-endian: `tv_sec` i64 at 0, `tv_usec` i64 at 8, `type` u16
/// at 16, `code` u16 at 18, `value` s32 at 20.
public struct EvdevEvent: Hashable, Sendable {
    /// Bytes per event on 64-bit Linux.
    public static let byteCount = 24

    public var seconds: Int64
    public var microseconds: Int64
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(seconds: Int64, microseconds: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.seconds = seconds
        self.microseconds = microseconds
        self.type = type
        self.code = code
        self.value = value
    }

    /// An event stamped `nanoseconds` after the epoch of its clock.
    public init(nanoseconds: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.init(seconds: nanoseconds / 1_000_000_000, microseconds: (nanoseconds % 1_000_000_000) / 1000, type: type, code: code, value: value)
    }

    /// Decodes the 24 bytes starting at `offset`; the caller guarantees they exist.
    public init(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        seconds = Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self))
        microseconds = Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: Int64.self))
        type = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self))
        code = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 18, as: UInt16.self))
        value = Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 20, as: Int32.self))
    }

    /// The 24 bytes the kernel would hand a reader for this event (recordings, tests).
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(Self.byteCount)
        func append<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        append(seconds)
        append(microseconds)
        append(type)
        append(code)
        append(value)
        return out
    }

    /// The timestamp in nanoseconds on the device's clock, or `nil` when the fields cannot
    /// be a timestamp (negative, microseconds ≥ 10⁶, or overflowing).
    public var timestampNanoseconds: Int64? {
        guard seconds >= 0, (0..<1_000_000).contains(microseconds) else { return nil }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        return whole + microseconds * 1000
    }

    /// Whether the record can be a kernel event: a defined type and a valid timestamp.
    /// Anything else means the stream is not (or no longer) aligned on events.
    public var isWellFormed: Bool {
        type <= EvdevCode.maximumType && timestampNanoseconds != nil
    }
}
