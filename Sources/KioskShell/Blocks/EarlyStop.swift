import Glibc

/// Why a run stopped before its last block's end.
public enum EarlyStop: Hashable, Sendable, CustomStringConvertible {
    /// The window was closed (not in kiosk mode).
    case windowClosed
    /// Staff chose to leave on the kiosk's staff panel.
    case staff
    /// SIGTERM or SIGINT.
    case signal(Int32)

    public var description: String {
        switch self {
        case .windowClosed: "the window was closed"
        case .staff: "staff left from the kiosk panel"
        case .signal(let number): number == SIGTERM ? "stopped by SIGTERM" : number == SIGINT ? "stopped by SIGINT (Ctrl-C)" : "stopped by signal \(number)"
        }
    }
}
