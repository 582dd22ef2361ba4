import CLinuxInput
import Foundation
import Glibc
import KioskCore
import KioskData
import Testing

@testable import KioskShell

/// A real kernel device made with uinput, read by the same source as a plugged-in stick.
/// Runs only where the kernel has uinput and the user may open it; elsewhere it is
/// skipped (this project's build machine has neither /dev/uinput nor /dev/input).
@Suite struct UInputDeviceTests {
    static let available = access("/dev/uinput", W_OK) == 0

    @Test(.enabled(if: available, "no writable /dev/uinput on this machine (kernel without CONFIG_INPUT_UINPUT, or no permission)"))
    func aVirtualKernelJoystickIsFoundReadWithMonotonicTimestampsAndUnplugged() throws {
        let fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(fd >= 0, "open /dev/uinput: \(String(cString: strerror(errno)))")
        var destroyed = false
        defer {
            if !destroyed { _ = clinput_uinput_destroy(fd) }
            close(fd)
        }
        try #require(clinput_uinput_enable_type(fd, Int32(EvdevCode.key)) >= 0)
        try #require(clinput_uinput_enable_key(fd, 0x120) >= 0)
        try #require(clinput_uinput_enable_key(fd, 0x121) >= 0)
        try #require(clinput_uinput_enable_type(fd, Int32(EvdevCode.absolute)) >= 0)
        for code in [EvdevCode.absX, EvdevCode.absY] {
            try #require(clinput_uinput_enable_abs(fd, Int32(code)) >= 0)
            try #require(clinput_uinput_abs_setup(fd, Int32(code), 0, 1023, 0, 0) >= 0)
        }
        try #require(clinput_uinput_setup(fd, "labkiosk uinput test stick", 0x1234, 0x5678) >= 0)
        try #require(clinput_uinput_create(fd) >= 0)
        var sysname = [CChar](repeating: 0, count: 64)
        try #require(sysname.withUnsafeMutableBufferPointer { clinput_uinput_sysname(fd, $0.baseAddress, Int32($0.count)) } >= 0)
        let inputName = String(decoding: sysname.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/sys/devices/virtual/input/\(inputName)")) ?? []
        let node = try #require(entries.first { $0.hasPrefix("event") }.map { "/dev/input/\($0)" })

        let source = EvdevJoystickSource(options: .init(device: node, scanIntervalNanoseconds: 0))
        var events: [InputEvent] = []
        let deadline = MonotonicClock.now().nanoseconds + 3_000_000_000
        while source.activeDevice == nil && MonotonicClock.now().nanoseconds < deadline {
            source.poll(into: &events)  // udev may take a moment to create the node
            usleep(20_000)
        }
        let device = try #require(source.activeDevice)
        #expect(device.isKernelDevice && device.info.clock == .monotonic && device.info.isJoystick)
        #expect(events.notices.map(\.kind).contains(.connected))

        let before = MonotonicClock.now()
        let stream = EvdevFixture.frame(at: 0, [(EvdevCode.absolute, EvdevCode.absX, 1023), (EvdevCode.key, 0x121, 1)])
        let written = stream.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        #expect(written == stream.count)
        let after = MonotonicClock.now()
        events.removeAll()
        while events.inputs.count < 2 && MonotonicClock.now().nanoseconds < deadline {
            source.poll(into: &events)
            usleep(2_000)
        }
        // Y rests at 0, the bottom of its 0...1023 range, which reads −1.
        #expect(events.inputs.map(\.payload) == [.joystickAxes(x: 1, y: -1), .joystickButton("JOY_BTN_2", pressed: true)])
        // The kernel stamped the events when they were written, on our clock.
        for event in events.inputs { #expect(event.time >= before && event.time <= after) }

        _ = clinput_uinput_destroy(fd)
        destroyed = true
        events.removeAll()
        while source.activeDevice != nil && MonotonicClock.now().nanoseconds < deadline + 2_000_000_000 {
            source.poll(into: &events)
            usleep(5_000)
        }
        #expect(events.notices.last?.kind == .disconnected)
    }
}
