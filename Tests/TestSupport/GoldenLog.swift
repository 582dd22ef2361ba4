import Foundation
import Testing

/// A committed session log (CSV lines without `logtime`) that a scenario test must
/// reproduce row by row. `LABKIOSK_WRITE_GOLDEN=1` rewrites it from the current run; read
/// the diff before committing one.
public struct GoldenLog {
    public let url: URL

    /// The golden log `Tests/Fixtures/golden/<name>`.
    public init(_ name: String) { url = Fixtures.url("golden/\(name)") }

    /// Records an issue at the first row that differs, and when the row counts differ.
    public func check(_ lines: [String]) throws {
        if ProcessInfo.processInfo.environment["LABKIOSK_WRITE_GOLDEN"] == "1" {
            try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
        #expect(lines.count == expected.count)
        for (index, (line, want)) in zip(lines, expected).enumerated() where line != want {
            Issue.record("row \(index + 1): got \(line), expected \(want)")
            break
        }
    }
}
