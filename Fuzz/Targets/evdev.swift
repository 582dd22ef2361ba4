import KioskCore

// Bytes from an evdev node, a FIFO or a recorded file, cut into reads of the sizes the first
// byte picks (a FIFO may split an event anywhere), decoded, then fed to what consumes a
// device's events: a joystick, a multitouch screen with palm rejection, and a pen, each with
// its clock mapping.
private let joystickInfo = EvdevDeviceInfo(
    name: "Fuzz Stick", axes: [
        .init(code: EvdevCode.absX, minimum: 0, maximum: 1023, flat: 12, value: 512),
        .init(code: EvdevCode.absY, minimum: 0, maximum: 1023, flat: 12, value: 512),
    ], keys: Array(0x120...0x12b))
private let touchscreenInfo = EvdevDeviceInfo(
    name: "Fuzz Touch", axes: [
        .init(code: EvdevCode.absX, minimum: 0, maximum: 4095, resolution: 16),
        .init(code: EvdevCode.absY, minimum: 0, maximum: 4095, resolution: 16),
        .init(code: EvdevCode.absMTSlot, minimum: 0, maximum: 9),
        .init(code: EvdevCode.absMTPositionX, minimum: 0, maximum: 4095, resolution: 16),
        .init(code: EvdevCode.absMTPositionY, minimum: 0, maximum: 4095, resolution: 16),
        .init(code: EvdevCode.absMTPressure, minimum: 0, maximum: 255),
    ], keys: [EvdevCode.btnTouch], clock: .monotonic)
private let penInfo = EvdevDeviceInfo(
    name: "Fuzz Pen", axes: [
        .init(code: EvdevCode.absX, minimum: 0, maximum: 32767, resolution: 100),
        .init(code: EvdevCode.absY, minimum: 0, maximum: 32767, resolution: 100),
        .init(code: EvdevCode.absPressure, minimum: 0, maximum: 8191),
        .init(code: EvdevCode.absTiltX, minimum: -90, maximum: 90),
        .init(code: EvdevCode.absTiltY, minimum: -90, maximum: 90),
    ], keys: [EvdevCode.btnTouch, EvdevCode.btnToolPen])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    guard let first = input.bytes.first else { return 0 }
    let stream = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(input.bytes)[1...])
    let chunk = Int(first) + 1

    var decoder = EvdevStreamDecoder()
    var joystick = EvdevJoystick(info: joystickInfo, path: "/dev/input/event0")
    guard var touchscreen = EvdevPointer(info: touchscreenInfo, path: "/dev/input/event1"),
          var pen = EvdevPointer(info: penInfo, path: "/dev/input/event2", idBase: 2_000_000) else {
        fatalError("the fuzz target's own devices are not pointers")
    }
    var palms = PalmRejection()
    var clocks = [EvdevClockMapping(clock: .realtime), EvdevClockMapping(clock: .monotonic)]
    let readTime = MonotonicTime(nanoseconds: 5_000_000_000)
    consume(joystick.connect(at: .init(nanoseconds: 0)))

    var offset = 0
    while offset < stream.count {
        let end = min(stream.count, offset + chunk)
        let output = decoder.decode(UnsafeRawBufferPointer(rebasing: stream[offset..<end]))
        offset = end
        for event in output.events {
            for index in clocks.indices {
                consume(clocks[index].time(of: event, readTime: readTime, realtimeMinusMonotonicNanoseconds: 1_700_000_000_000_000_000))
            }
            consume(joystick.consume(event, at: readTime))
            for report in touchscreen.consume(event, at: readTime).reports {
                consume(palms.filter(report))
            }
            consume(pen.consume(event, at: readTime))
        }
        if output.isGarbage { break }
    }
    consume(decoder.finish())
    consume(touchscreen.liftAll(at: readTime))
    consume(pen.liftAll(at: readTime))
    consume(joystick.disconnect(at: readTime, reason: "fuzz"))
    return 0
}
