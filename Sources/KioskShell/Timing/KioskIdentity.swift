import Glibc

/// What a timing certificate says of the machine it was made on.
enum KioskIdentity {
    /// The machine's host name, as `labkiosk-lab` names a kiosk by default.
    static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "kiosk" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The compositor or desktop the session names (`XDG_CURRENT_DESKTOP`, which Weston and
    /// desktops set), else which display the window was on: neither protocol names its server.
    static var compositor: String {
        for name in ["XDG_CURRENT_DESKTOP", "XDG_SESSION_DESKTOP"] {
            if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { return value }
        }
        if let wayland = getenv("WAYLAND_DISPLAY").map({ String(cString: $0) }), !wayland.isEmpty { return "unnamed (Wayland display \(wayland))" }
        if let x11 = getenv("DISPLAY").map({ String(cString: $0) }), !x11.isEmpty { return "unnamed (X display \(x11))" }
        return "unnamed"
    }
}
