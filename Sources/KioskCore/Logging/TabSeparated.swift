/// Cells of the tab-separated files labkiosk writes (drawing-pad samples, judgement trials,
/// prompt phases, BIDS events): one row per line, no quoting, so a cell can hold neither a
/// tab nor a line break.
public enum TabSeparated {
    /// `text` with tabs and line breaks turned into spaces.
    public static func cell(_ text: String) -> String {
        guard text.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return text }
        return String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }

    /// One line: the cells joined by tabs, ended by a line feed.
    public static func line(_ cells: [String]) -> String {
        cells.map(cell).joined(separator: "\t") + "\n"
    }

    /// Fixed-point text with `places` decimals, or empty for nil and non-finite values (the
    /// core has no Foundation formatter).
    public static func decimal(_ value: Double?, places: Int) -> String {
        guard let value, value.isFinite else { return "" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        // Beyond Int64 (a hand-edited log's 1e300): the shortest digits that read back as the value.
        guard scaled < 0x1p63 else { return "\(value)" }
        let whole = Int64(scaled / scale)
        var fraction = String(Int64(scaled) - whole * Int64(scale))
        fraction = String(repeating: "0", count: max(0, places - fraction.count)) + fraction
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return places == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}
