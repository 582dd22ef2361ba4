import Glibc
import KioskData

/// Standard output or standard error, written straight to the descriptor rather than through
/// `print`'s buffer, so that lines appear at once and in order with a live view's.
public enum StandardStream {
    case output
    case error

    /// Writes `text` in full. If the stream is closed or broken the text is dropped: there is
    /// nowhere left to report that.
    public func write(_ text: String) {
        _ = FileDescriptorIO.writeAll(Array(text.utf8), to: self == .output ? STDOUT_FILENO : STDERR_FILENO)
    }
}
