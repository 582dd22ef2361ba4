/// Reads a colour parameter (a validated `(R, G, B, A)` tuple) for drawing.
enum ParameterColor {
    /// The colour a parameter holds, or `fallback` if it holds something else. Float
    /// components (allowed by the validator) are truncated.
    static func color(_ value: PyValue, fallback: Color) -> Color {
        guard case .tuple(let items) = value, items.count == 4 else { return fallback }
        let channels = items.compactMap { $0.number }.map { Int(max(0, min(255, $0))) }
        guard channels.count == 4 else { return fallback }
        return Color(channels[0], channels[1], channels[2], channels[3])
    }
}
