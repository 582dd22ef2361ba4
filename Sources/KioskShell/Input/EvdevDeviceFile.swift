import CLinuxInput
import FoundationEssentials
import Glibc
import KioskCore
import KioskData

/// One open evdev node, read without ever blocking: a kernel input device, or a FIFO or
/// recorded file standing in for one (tests, replays of recordings).
///
/// A kernel device describes itself through ioctls and is switched to CLOCK_MONOTONIC
/// timestamps (EVIOCSCLOCKID). A FIFO or file cannot answer ioctls; it is read only if a
/// JSON description (`labkiosk devices --describe`) sits beside it as `<node>.json`.
public final class EvdevDeviceFile {
    public let path: String
    public let info: EvdevDeviceInfo
    /// Whether this is a kernel input device rather than a FIFO or file.
    public let isKernelDevice: Bool
    /// Whether this reader has the device to itself (EVIOCGRAB).
    public let isGrabbed: Bool
    private let fd: Int32

    /// Why a node could not be opened as an input device.
    public enum OpenError: Error, Equatable, CustomStringConvertible {
        /// The user may not read the node (EACCES/EPERM): the udev rule is missing.
        case permissionDenied(path: String)
        case notFound(path: String)
        /// Not an input device, and no description beside it.
        case notAnInputDevice(path: String, reason: String)
        /// Another program holds an exclusive grab.
        case busy(path: String)
        case failed(path: String, message: String)

        public var description: String {
            switch self {
            case .permissionDenied(let path): "cannot open \(path): permission denied"
            case .notFound(let path): "\(path) does not exist"
            case .notAnInputDevice(let path, let reason): "\(path) is not an input device (\(reason))"
            case .busy(let path): "\(path) is grabbed by another program"
            case .failed(let path, let message): "cannot open \(path): \(message)"
            }
        }
    }

    /// What one read returned.
    public enum ReadOutcome: Equatable {
        case bytes(Int)
        /// Nothing waiting now.
        case wouldBlock
        /// The writer closed the FIFO or the file ended.
        case endOfStream
        /// The device was unplugged (ENODEV) or cannot be read any more.
        case vanished(String)
    }

    /// How nodes are opened: `open(2)` normally; tests inject failures (running as root,
    /// they cannot be denied a file). Returns a descriptor, or `-errno`.
    public typealias Opener = @Sendable (_ path: String, _ flags: Int32) -> Int32

    /// `open(2)`, returning `-errno` on failure.
    public static let systemOpen: Opener = { path, flags in
        let fd = Glibc.open(path, flags)
        return fd >= 0 ? fd : -errno
    }

    /// Opens `path` read-only and non-blocking, describes it, and grabs it if asked.
    public static func open(_ path: String, grab: Bool, opener: Opener = systemOpen) throws(OpenError) -> EvdevDeviceFile {
        let fd = opener(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch -fd {
            case EACCES, EPERM: throw .permissionDenied(path: path)
            case ENOENT, ENODEV, ENXIO: throw .notFound(path: path)
            default: throw .failed(path: path, message: String(cString: strerror(-fd)))
            }
        }
        if var info = describeKernelDevice(fd) {
            info.clock = clinput_set_clock(fd, CLOCK_MONOTONIC) == 0 ? .monotonic : .realtime
            if grab {
                let grabbed = clinput_grab(fd, 1)
                if grabbed == -EBUSY {
                    close(fd)
                    throw .busy(path: path)
                }
            }
            return EvdevDeviceFile(path: path, fd: fd, info: info, isKernelDevice: true, isGrabbed: grab)
        }
        do {
            let info = try sidecarDescription(of: path)
            return EvdevDeviceFile(path: path, fd: fd, info: info, isKernelDevice: false, isGrabbed: false)
        } catch let error as OpenError {
            close(fd)
            throw error
        } catch {
            close(fd)
            throw .failed(path: path, message: "\(error)")
        }
    }

    private init(path: String, fd: Int32, info: EvdevDeviceInfo, isKernelDevice: Bool, isGrabbed: Bool) {
        self.path = path
        self.fd = fd
        self.info = info
        self.isKernelDevice = isKernelDevice
        self.isGrabbed = isGrabbed
    }

    deinit {
        // Closing also releases a grab.
        close(fd)
    }

    /// Reads what is waiting into `buffer` (a multiple of 24 bytes), without blocking.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadOutcome {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n > 0 { return .bytes(n) }
            if n == 0 { return .endOfStream }
            switch errno {
            case EINTR: continue
            case EAGAIN: return .wouldBlock
            case ENODEV: return .vanished("device removed")
            case let code: return .vanished("read failed: \(String(cString: strerror(code)))")
            }
        }
    }

    /// The device's axis values and held keys now, for resynchronising after the kernel
    /// dropped events; `nil` for FIFOs and files.
    public func currentState() -> (absolute: [UInt16: Int32], keys: Set<UInt16>)? {
        guard isKernelDevice else { return nil }
        var absolute: [UInt16: Int32] = [:]
        for axis in info.axes {
            var value = input_absinfo()
            if clinput_abs(fd, Int32(axis.code), &value) >= 0 { absolute[axis.code] = value.value }
        }
        var bits = [UInt8](repeating: 0, count: Int(EvdevCode.keyMaximum) / 8 + 1)
        let count = bits.withUnsafeMutableBufferPointer { clinput_key_state(fd, $0.baseAddress, Int32($0.count)) }
        let keys = count >= 0 ? Set(Self.codes(in: bits).filter(info.keys.contains)) : []
        return (absolute, keys)
    }

    // MARK: Describing

    /// The device's description from its ioctls, or `nil` when it is not an input device.
    static func describeKernelDevice(_ fd: Int32) -> EvdevDeviceInfo? {
        var name = [CChar](repeating: 0, count: 256)
        guard name.withUnsafeMutableBufferPointer({ clinput_name(fd, $0.baseAddress, Int32($0.count - 1)) }) >= 0 else { return nil }
        var id = input_id()
        _ = clinput_id(fd, &id)
        func bitmap(_ type: UInt16, maximum: UInt16) -> [UInt16] {
            var bits = [UInt8](repeating: 0, count: Int(maximum) / 8 + 1)
            let count = bits.withUnsafeMutableBufferPointer { clinput_bits(fd, Int32(type), $0.baseAddress, Int32($0.count)) }
            return count >= 0 ? codes(in: bits) : []
        }
        let types = Set(bitmap(0, maximum: EvdevCode.maximumType))
        var axes: [EvdevDeviceInfo.Axis] = []
        if types.contains(EvdevCode.absolute) {
            for code in bitmap(EvdevCode.absolute, maximum: EvdevCode.absMaximum) {
                var abs = input_absinfo()
                guard clinput_abs(fd, Int32(code), &abs) >= 0 else { continue }
                axes.append(.init(code: code, minimum: abs.minimum, maximum: abs.maximum, fuzz: abs.fuzz, flat: abs.flat,
                                  resolution: abs.resolution, value: abs.value))
            }
        }
        let keys = types.contains(EvdevCode.key) ? bitmap(EvdevCode.key, maximum: EvdevCode.keyMaximum) : []
        let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return EvdevDeviceInfo(name: text, bus: id.bustype, vendor: id.vendor, product: id.product, axes: axes, keys: keys)
    }

    /// The description in `<path>.json`, for FIFOs and recorded files.
    static func sidecarDescription(of path: String) throws -> EvdevDeviceInfo {
        let sidecar = path + ".json"
        let bytes: [UInt8]
        switch FileDescriptorIO.readBytes(atPath: sidecar) {
        case .success(let read): bytes = read
        case .failure(let refusal):
            throw OpenError.notAnInputDevice(path: path, reason: "it answers no input ioctls and its description \(sidecar) cannot be read: \(refusal.reason)")
        }
        do {
            return try JSONDecoder().decode(EvdevDeviceInfo.self, from: Data(bytes))
        } catch {
            throw OpenError.notAnInputDevice(path: path, reason: "\(sidecar) is not a device description: \(error)")
        }
    }

    /// The set bit numbers of a little-endian bitmap.
    static func codes(in bits: [UInt8]) -> [UInt16] {
        var codes: [UInt16] = []
        for (byteIndex, byte) in bits.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { codes.append(UInt16(byteIndex * 8 + bit)) }
        }
        return codes
    }
}
