import Glibc

func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count) == 0 else { return "kiosk" }
    return String(cString: buffer)
}
