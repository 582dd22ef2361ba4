extension SessionLogComparison {
    /// The comparison as `labkiosk compare` prints it: which log is which, how many addresses
    /// match exactly or only at other times, a table of the addresses that differ, examples,
    /// and the verdict.
    /// - Parameters:
    ///   - first: the first log's name and who wrote it (its `version` row).
    ///   - second: the same for the second log.
    public func text(first: (name: String, version: String?), second: (name: String, version: String?)) -> String {
        func writer(_ version: String?) -> String {
            guard let version else { return "no version row" }
            return version.hasPrefix("labkiosk ") ? version : "OpenMATB \(version)"
        }
        var lines = [
            "first:  \(first.name) (\(writer(first.version))), \(firstRowCount) rows compared",
            "second: \(second.name) (\(writer(second.version))), \(secondRowCount) rows compared",
            "Rows are paired by type, module, address and value at the same scenario time (±1 ms); logtime is",
            "not compared, nor the version, scenario_path and labkiosk settings rows.",
            "",
        ]
        let exact = addresses.filter(\.isExact)
        let shiftedOnly = addresses.filter { !$0.isExact && !$0.hasDifferences }
        let different = addresses.filter(\.hasDifferences)
        lines.append("\(exact.count) of \(addresses.count) addresses match row for row (\(exact.reduce(0) { $0 + $1.firstRows }) rows).")
        if !shiftedOnly.isEmpty {
            let shifts = shiftedOnly.flatMap(\.shifts)
            var modules: [String: Int] = [:]
            for result in shiftedOnly { modules[result.address.module.isEmpty ? "(none)" : result.address.module, default: 0] += 1 }
            let byModule = modules.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            lines.append("\(shiftedOnly.count) more have the same values, \(shifts.count) rows at other times (second log later by "
                         + "\(Self.median(shifts).map(Self.seconds) ?? "+0.000") s median, \(Self.largest(shifts).map(Self.seconds) ?? "+0.000") s at most): "
                         + byModule + ".")
        }
        if !different.isEmpty {
            lines.append("")
            lines.append("\(different.count) \(different.count == 1 ? "address has" : "addresses have") rows that differ or are in one log only:")
            let header = ["type", "module", "address", "first", "second", "exact", "shifted", "differs", "only 1st", "only 2nd"]
            var table = [header]
            for result in different {
                table.append([result.address.type, result.address.module, result.address.address, "\(result.firstRows)",
                              "\(result.secondRows)"] + Outcome.allCases.map { "\(result.count($0))" })
            }
            let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
            for row in table {
                let cells = row.indices.map { column -> String in
                    let padding = String(repeating: " ", count: widths[column] - row[column].count)
                    return column < 3 ? row[column] + padding : padding + row[column]
                }
                lines.append(cells.joined(separator: "  ").trimmingTrailingSpaces)
            }
            lines.append("")
            lines.append("Examples:")
            for result in different {
                lines.append("  \(result.address.type) \(result.address.module) \"\(result.address.address)\"")
                if let median = Self.median(result.shifts), let largest = Self.largest(result.shifts) {
                    lines.append("    \(result.shifts.count) shifted: second log later by \(Self.seconds(median)) s (median), \(Self.seconds(largest)) s at most")
                }
                for example in result.examples { lines.append("    " + Self.describe(example)) }
            }
        }
        lines.append("")
        switch verdict {
        case .identical:
            lines.append("verdict: identical: every row of each log has its match at the same time in the other")
        case .sameValuesAtOtherTimes(let count):
            lines.append("verdict: same values; \(count) \(count == 1 ? "address has" : "addresses have") rows at other times")
        case .different(let count):
            lines.append("verdict: different: \(count) of \(addresses.count) addresses have rows that differ or are in one log only")
        }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ example: Example) -> String {
        func row(_ row: SessionLogRow) -> String { "line \(row.line) at \(row.scenarioTime) s: \(row.value)" }
        switch (example.outcome, example.first, example.second) {
        case (.shifted, let a?, let b?): return "shifted: first \(row(a)) · second \(row(b))"
        case (.differs, let a?, let b?): return "differs: first \(row(a)) · second \(row(b))"
        case (_, let a?, nil): return "only in the first: \(row(a))"
        case (_, nil, let b?): return "only in the second: \(row(b))"
        default: return ""
        }
    }

    /// The shift farthest from zero.
    private static func largest(_ values: [Double]) -> Double? {
        values.max { abs($0) < abs($1) }
    }

    private static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Seconds with a sign and three decimals.
    private static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let magnitude = milliseconds.magnitude
        let fraction = String(magnitude % 1000)
        return (milliseconds < 0 ? "-" : "+") + "\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
