extension StringProtocol {
    /// The text without leading and trailing characters up to U+0020, as Java's `String.trim()`
    /// strips them: InteractLog trims its labels and values this way.
    func trimmed() -> String {
        trimmingUnicodeScalars { $0.value <= 0x20 }
    }
}
