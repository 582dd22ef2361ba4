import FoundationEssentials
import KioskCore
import KioskData

/// Where joystick calibrations are kept, and reading and writing them.
public enum CalibrationFile {
    /// `$XDG_CONFIG_HOME/labkiosk/calibration.ini`, or `~/.config/labkiosk/calibration.ini`:
    /// `labkiosk devices --calibrate` writes here and `labkiosk matb` reads it when it exists.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/labkiosk/calibration.ini" }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.config/labkiosk/calibration.ini"
    }

    /// Reads a calibration file, with a warning for each line it could not use.
    public static func load(_ path: String) throws -> (calibration: JoystickCalibration, warnings: [ScenarioDiagnostic]) {
        switch FileDescriptorIO.readText(atPath: path, limit: FileDescriptorIO.largestWrittenFile) {
        case .success(let text): return JoystickCalibration.read(text, file: path)
        case .failure(let refusal): throw ShellError("\(path): cannot read this calibration file: \(refusal.reason)")
        }
    }

    /// Writes the calibration atomically (a temporary file renamed over the old one),
    /// creating the folder if needed.
    public static func save(_ calibration: JoystickCalibration, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(calibration.text.utf8).write(to: url, options: .atomic)
        } catch {
            throw ShellError("\(path): cannot write the calibration (\(reason(error)))")
        }
    }

    /// Why a file operation failed, such as "Permission denied": FoundationEssentials' errors
    /// wrap the system's `errno`.
    private static func reason(_ error: any Error) -> String {
        guard let cocoa = error as? CocoaError, let system = cocoa.underlying as? POSIXError else { return "\(error)" }
        return FileDescriptorIO.describe(errno: system.code.rawValue)
    }
}
