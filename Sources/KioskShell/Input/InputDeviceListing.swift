import FoundationEssentials
import KioskCore
import KioskData

/// What `labkiosk devices` says about the evdev nodes of a folder.
public enum InputDeviceListing {
    /// One line per `event*` node: path, name, kind, ids and capabilities, or why it cannot be read.
    public static func evdev(directory: String, sysfsDirectory: String = "/sys/class/input", udevRule: String,
                             opener: @escaping EvdevDeviceFile.Opener = EvdevDeviceFile.systemOpen) -> [String] {
        let nodes = EvdevJoystickSource.eventNodes(in: directory)
        guard !nodes.isEmpty else {
            return [FileManager.default.fileExists(atPath: directory) ? "no event nodes in \(directory)" : "\(directory) does not exist (no input devices, or none visible here)"]
        }
        return nodes.map { path in
            do {
                let file = try EvdevDeviceFile.open(path, grab: false, opener: opener)
                let info = file.info
                let kind = info.isJoystick ? "joystick" : EvdevPointer.kind(of: info)?.rawValue ?? "other"
                let ids = String(cFormat: "%04x:%04x", info.vendor, info.product)
                let source = file.isKernelDevice ? "" : " [recorded: \(path).json]"
                return "\(path)  \(info.name)  \(kind)  \(ids)  \(info.capabilitySummary)  clock \(info.clock.rawValue)\(source)"
            } catch EvdevDeviceFile.OpenError.permissionDenied {
                let name = EvdevJoystickSource.sysfsName(path, sysfs: sysfsDirectory).map { "\($0)  " } ?? ""
                return "\(path)  \(name)permission denied (for joysticks, pens and touchscreens install \(udevRule); see docs/input.md)"
            } catch {
                return "\(path)  \(error)"
            }
        }
    }

    /// The JSON description of a node, for placing beside a recording of its events.
    public static func describe(_ path: String) throws -> String {
        do {
            let file = try EvdevDeviceFile.open(path, grab: false)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return String(decoding: try encoder.encode(file.info), as: UTF8.self)
        } catch let error as EvdevDeviceFile.OpenError {
            throw ShellError("\(error)")
        }
    }
}
