import FoundationEssentials
import Glibc
import KioskData

/// A real port through the Linux ppdev driver (`/dev/parport*`): the port is claimed once,
/// then each byte is one `PPWDATA` ioctl.
public final class PPDevParallelPort: ParallelPortDevice {
    /// `_IO('p', 0x8b)` and `_IO('p', 0x8c)`: claim and release the port.
    static let claim: UInt = 0x708B
    static let release: UInt = 0x708C
    /// `_IOW('p', 0x86, unsigned char)`: write the data register.
    static let writeData: UInt = 0x4001_7086

    public let path: String
    private let descriptor: Int32

    /// The port labkiosk uses: `LABKIOSK_PARPORT` if set (e.g. `/dev/parport1` for a second
    /// card), else `/dev/parport0`, OpenMATB's only port.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["LABKIOSK_PARPORT"].flatMap { $0.isEmpty ? nil : $0 } ?? "/dev/parport0"
    }

    /// Opens and claims the port.
    /// - Throws: `ShellError` saying what to fix (missing device, permissions, busy port).
    public init(path: String = "/dev/parport0") throws {
        let fd = open(path, O_RDWR)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            let hint = errno == EACCES ? " (add the user to the `lp` group, or run `sudo chmod 666 \(path)`)"
                : errno == ENOENT ? " (load the ppdev module: `sudo modprobe ppdev`)" : ""
            throw ShellError("cannot open the parallel port \(path): \(reason)\(hint)")
        }
        guard ioctl(fd, Self.claim) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ShellError("cannot claim the parallel port \(path): \(reason) (is another program using it?)")
        }
        self.path = path
        descriptor = fd
    }

    deinit {
        _ = ioctl(descriptor, Self.release)
        close(descriptor)
    }

    public func write(_ byte: UInt8) throws {
        var value = byte
        let status = withUnsafeMutablePointer(to: &value) { ioctl(descriptor, Self.writeData, UnsafeMutableRawPointer($0)) }
        guard status == 0 else { throw ShellError("parallel port \(path): write failed: \(String(cString: strerror(errno)))") }
    }
}
