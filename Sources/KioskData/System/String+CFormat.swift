import Glibc

extension String {
    /// `format` filled in by C's `vsnprintf`, for the figures the command line prints
    /// (`%.1f`, `%+.6f`, `%04x`).
    ///
    /// FoundationEssentials has no `String(format:)`; Foundation's gave the same text for these
    /// numeric conversions. labkiosk never calls `setlocale`, so the C locale applies and the
    /// decimal point is always `.`. Pass numbers only: a Swift `String` is no C string for `%s`.
    public init(cFormat format: String, _ arguments: CVarArg...) {
        let length = Int(withVaList(arguments) { vsnprintf(nil, 0, format, $0) })
        guard length > 0 else {
            self = ""
            return
        }
        // vsnprintf also writes a terminating NUL, which the capacity leaves room for.
        self = String(unsafeUninitializedCapacity: length + 1) { buffer in
            _ = withVaList(arguments) { arguments in
                buffer.withMemoryRebound(to: CChar.self) { vsnprintf($0.baseAddress, length + 1, format, arguments) }
            }
            return length
        }
    }
}
