import FoundationEssentials
import KioskCore

// The description beside a FIFO or recorded evdev stream (`labkiosk devices --describe`),
// decoded as the shell decodes it, then every device the shell makes of one: a joystick (its
// notices and each axis at its ends, middle, rest value and the extremes of the type) and,
// where it is one, a pen or touchscreen (its size and the same values, each key pressed and
// released) with palm rejection. The text is also read as a sysfs capability bitmap.
// Input that is not a JSON object describes a device in binary instead (see
// `describedInBinary`), so that every field's value, the extremes of its type included, is one
// mutation away rather than a rewrite of a JSON number.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    consume(EvdevDeviceInfo.codes(inSysfsBitmap: input.text))
    guard let info = input.bytes.first == UInt8(ascii: "{")
        ? try? JSONDecoder().decode(EvdevDeviceInfo.self, from: Data(input.bytes))
        : describedInBinary(input.bytes) else { return 0 }
    consume(info.capabilitySummary)
    consume(EvdevPointer.kind(of: info))
    consume(info.keys.map(info.buttonName))

    var kernelEvents: [EvdevEvent] = []
    var nanoseconds: Int64 = 4_000_000_000
    func report(_ type: UInt16, _ code: UInt16, _ value: Int32) {
        nanoseconds += 1_000_000
        kernelEvents.append(EvdevEvent(nanoseconds: nanoseconds, type: type, code: code, value: value))
        kernelEvents.append(EvdevEvent(nanoseconds: nanoseconds, type: EvdevCode.synchronization, code: EvdevCode.synReport, value: 0))
    }
    for axis in info.axes.prefix(32) {
        let middle = Int32(truncatingIfNeeded: (Int64(axis.minimum) + Int64(axis.maximum)) / 2)
        for value in [axis.minimum, axis.maximum, middle, axis.value, 0, Int32.min, Int32.max] {
            report(EvdevCode.absolute, axis.code, value)
        }
    }
    for key in info.keys.prefix(32) {
        report(EvdevCode.key, key, 1)
        report(EvdevCode.key, key, 0)
    }

    let time = MonotonicTime(nanoseconds: 5_000_000_000)
    var clock = EvdevClockMapping(clock: info.clock)
    var joystick = EvdevJoystick(info: info, path: "/dev/input/event0")
    consume(joystick.connect(at: time))
    var pointer = EvdevPointer(info: info, path: "/dev/input/event0", idBase: 1_000_000)
    consume(pointer?.sizeMillimetres)
    var palms = PalmRejection()
    for event in kernelEvents {
        consume(clock.time(of: event, readTime: time, realtimeMinusMonotonicNanoseconds: 1_700_000_000_000_000_000))
        consume(joystick.consume(event, at: time))
        if let reports = pointer?.consume(event, at: time).reports {
            for report in reports { consume(palms.filter(report)) }
        }
    }
    consume(joystick.resync(absolute: [:], keys: [], at: time))
    consume(joystick.disconnect(at: time, reason: "fuzz"))
    consume(pointer?.liftAll(at: time))
    return 0
}

/// A description from bytes: the first picks the clock and the number of keys (each two
/// bytes, little-endian), then axes of 26 bytes each: a code (two bytes) and minimum, maximum,
/// fuzz, flat, resolution and value (four bytes each).
private func describedInBinary(_ bytes: UnsafeBufferPointer<UInt8>) -> EvdevDeviceInfo? {
    guard let first = bytes.first else { return nil }
    var offset = 1
    func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
        guard offset + MemoryLayout<T>.size <= bytes.count else { return nil }
        var value = T.zero
        for index in 0..<MemoryLayout<T>.size { value |= T(truncatingIfNeeded: bytes[offset + index]) << (8 * index) }
        offset += MemoryLayout<T>.size
        return value
    }
    var keys: [UInt16] = []
    for _ in 0..<Int(first & 0x3f) {
        guard let key = integer(UInt16.self) else { return nil }
        keys.append(key)
    }
    var axes: [EvdevDeviceInfo.Axis] = []
    while let code = integer(UInt16.self) {
        guard let minimum = integer(Int32.self), let maximum = integer(Int32.self), let fuzz = integer(Int32.self),
              let flat = integer(Int32.self), let resolution = integer(Int32.self), let value = integer(Int32.self) else { break }
        axes.append(.init(code: code, minimum: minimum, maximum: maximum, fuzz: fuzz, flat: flat, resolution: resolution, value: value))
    }
    return EvdevDeviceInfo(name: "Fuzz Device", axes: axes, keys: keys, clock: first & 0x40 == 0 ? .realtime : .monotonic)
}
