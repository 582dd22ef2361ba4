/// Reading and writing scenario times in `H:MM:SS` form (docs/openmatb-behaviour.md: Scenario lines).
public enum ScenarioTimeFormat {
    /// Seconds from `h:m:s`, each part read as Python's `int()` reads text: surrounding
    /// spaces, a sign and `_` digit separators are accepted; ranges are not checked
    /// (`0:0:75` is 75 s). Returns `nil` when the text is not of that form.
    public static func seconds(from text: String) -> Int64? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var total: Int64 = 0
        for (part, scale) in zip(parts, [3600, 60, 1] as [Int64]) {
            guard let value = pythonInt(part) else { return nil }
            let (scaled, overflow1) = value.multipliedReportingOverflow(by: scale)
            let (sum, overflow2) = total.addingReportingOverflow(scaled)
            guard !overflow1, !overflow2 else { return nil }
            total = sum
        }
        return total
    }

    /// `H:MM:SS` with unpadded hours, as OpenMATB writes scenario lines (`0:02:30`, `1:02:03`).
    public static func hoursMinutesSeconds(_ seconds: Int64) -> String {
        let sign = seconds < 0 ? "-" : ""
        let s = abs(seconds)
        return "\(sign)\(s / 3600):\(twoDigits(s / 60 % 60)):\(twoDigits(s % 60))"
    }

    /// `HH:MM:SS`, zero-padded and wrapping at 24 h, as the scheduling chronometer shows it.
    public static func clockText(_ seconds: Int64) -> String {
        let day: Int64 = 86_400
        let s = ((seconds % day) + day) % day
        return "\(twoDigits(s / 3600)):\(twoDigits(s / 60 % 60)):\(twoDigits(s % 60))"
    }

    private static func twoDigits(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }

    private static func pythonInt(_ raw: Substring) -> Int64? {
        let trimmed = raw.trimmingSpacesAndTabs()
        var digits = Substring(trimmed)
        var negative = false
        if let first = digits.first, first == "+" || first == "-" {
            negative = first == "-"
            digits = digits.dropFirst()
        }
        // Python allows single underscores between digits only.
        guard let first = digits.first, let last = digits.last, first.isASCIIDigit, last.isASCIIDigit,
            !digits.contains("__"), digits.allSatisfy({ $0.isASCIIDigit || $0 == "_" })
        else { return nil }
        guard let value = Int64(digits.filter { $0 != "_" }) else { return nil }
        return negative ? -value : value
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
