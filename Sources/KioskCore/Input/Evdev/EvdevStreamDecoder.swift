/// Cuts a byte stream into 24-byte kernel input events, whatever sizes the reads return.
///
/// A kernel device hands out whole events, but a FIFO or a recorded file may split one
/// across reads: the decoder keeps the partial tail for the next call. Records that cannot
/// be events (an undefined type, an impossible timestamp) are skipped and counted; a long
/// run of them means the stream is not an event stream at all.
public struct EvdevStreamDecoder: Hashable, Sendable {
    /// Consecutive malformed records after which the stream is given up as garbage.
    public static let malformedRunLimit = 32

    private var carry: [UInt8] = []
    private var malformedRun = 0

    public init() {}

    /// What one call decoded.
    public struct Output: Hashable, Sendable {
        public var events: [EvdevEvent] = []
        /// Records skipped because they could not be kernel events.
        public var malformed = 0
        /// Whether the malformed run reached ``EvdevStreamDecoder/malformedRunLimit``.
        public var isGarbage = false
    }

    /// Decodes the events completed by `bytes`.
    public mutating func decode(_ bytes: UnsafeRawBufferPointer) -> Output {
        var output = Output()
        var offset = 0
        if !carry.isEmpty {
            let needed = EvdevEvent.byteCount - carry.count
            let taken = min(needed, bytes.count)
            carry.append(contentsOf: bytes[0..<taken])
            offset = taken
            guard carry.count == EvdevEvent.byteCount else { return output }
            carry.withUnsafeBytes { accept(EvdevEvent($0, at: 0), into: &output) }
            carry.removeAll(keepingCapacity: true)
        }
        while bytes.count - offset >= EvdevEvent.byteCount {
            accept(EvdevEvent(bytes, at: offset), into: &output)
            offset += EvdevEvent.byteCount
        }
        if offset < bytes.count { carry.append(contentsOf: bytes[offset...]) }
        return output
    }

    /// Decodes the events completed by `bytes`.
    public mutating func decode(_ bytes: [UInt8]) -> Output {
        bytes.withUnsafeBytes { decode($0) }
    }

    /// Ends the stream; returns how many bytes of a truncated last event were left over.
    public mutating func finish() -> Int {
        defer { carry.removeAll() }
        return carry.count
    }

    private mutating func accept(_ event: EvdevEvent, into output: inout Output) {
        if event.isWellFormed {
            malformedRun = 0
            output.events.append(event)
        } else {
            output.malformed += 1
            malformedRun += 1
            if malformedRun >= Self.malformedRunLimit { output.isGarbage = true }
        }
    }
}
