import FoundationEssentials
import KioskData

extension InstallPaths {
    /// The udev rule that lets the user at the screen read joysticks (`TAG+="uaccess"`).
    public var joystickUdevRule: URL { assets.appendingPathComponent("udev/70-labkiosk-joysticks.rules") }
}
