import Foundation
import Testing
import TestSupport
@testable import KioskCore

/// Headless runs of OpenMATB's own scenarios, checked row by row for the structure
/// OpenMATB's readers rely on. They are not ours to ship: `OPENMATB_SCENARIOS` names a folder
/// holding `basic.txt` and `default.txt`, with OpenMATB's `instructions/` and
/// `questionnaires/` beside it; without it these tests are skipped.
@Suite struct OpenMATBScenarioTests {
    static let scenarios = URL(fileURLWithPath: ProcessInfo.processInfo.environment["OPENMATB_SCENARIOS"] ?? "/nonexistent")
    static let reference = scenarios.deletingLastPathComponent()
    static let available = FileManager.default.fileExists(atPath: scenarios.appendingPathComponent("basic.txt").path)

    private func includes() throws -> [String: String] {
        var texts: [String: String] = [:]
        for folder in ["instructions", "questionnaires"] {
            let root = Self.reference.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".txt") {
                let data = try Data(contentsOf: root.appendingPathComponent(file))
                texts[file] = String(decoding: data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data, as: UTF8.self)
            }
        }
        return texts
    }

    /// Runs to the end, dismissing every blocking screen as `--headless` does.
    private func run(_ name: String) throws -> (scenario: String, lines: [String]) {
        let text = try String(contentsOf: Self.scenarios.appendingPathComponent(name), encoding: .utf8)
        var harness = try SessionHarness(text, includes: try includes())
        var guardCount = 0
        while !harness.session.isFinished && guardCount < 100_000 {
            if harness.session.isShowingBlockingScreen || harness.session.dialog != nil {
                harness.session.dismissWaitingScreen(at: SessionHarness.at(harness.elapsed))
            }
            harness.run(until: harness.elapsed + 0.5, step: 0.5)
            guardCount += 1
        }
        #expect(harness.session.isFinished)
        return (text, harness.linesWithoutLogtime)
    }

    @Test(.enabled(if: available, "set OPENMATB_SCENARIOS to a folder of OpenMATB's scenarios"), arguments: ["basic.txt", "default.txt"])
    func runsToTheEndWithWellFormedRows(_ name: String) throws {
        let (text, lines) = try run(name)
        let rows = lines.map { $0.split(separator: ",", maxSplits: 4, omittingEmptySubsequences: false).map(String.init) }
        #expect(lines[0] == "0,version,,,test")
        #expect(lines[1] == "0,scenario_path,,,test.txt")
        #expect(lines.last?.hasSuffix(",manual,,,end") == true)
        // Scenario time never goes backwards, and every row has six columns.
        let times = rows.dropFirst(2).compactMap { Double($0[0]) }
        #expect(times.count == rows.count - 2)
        #expect(times == times.sorted())
        let kinds: Set<String> = ["event", "input", "state", "aoi", "parameter", "performance", "seed_value", "seed_output", "manual", "dialog"]
        #expect(rows.dropFirst(2).allSatisfy { $0.count == 5 && kinds.contains($0[1]) })
        // Each scenario line produced exactly one event row (deprecated lines none).
        let eventLines = text.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(rows.filter { $0[1] == "event" }.count == eventLines.count)
        // Every start block: aoi rows, then the parameter dump, then the show rows, then the event.
        for (index, row) in rows.enumerated() where row[1] == "event" && row[3] == "self" && row[4] == "start" {
            let alias = row[2]
            let block = rows[..<index].reversed().prefix { $0[2] == alias && $0[1] != "event" }
            #expect(block.contains { $0[1] == "parameter" && $0[3] == "title" }, "\(alias) dumps its parameters")
        }
    }

    @Test(.enabled(if: available, "set OPENMATB_SCENARIOS to a folder of OpenMATB's scenarios")) func defaultScenarioTimeStopsDuringInstructions() throws {
        let (_, lines) = try run("default.txt")
        let dismissed = lines.filter { $0.contains("manual,,,labkiosk: dismissed instructions") }
        #expect(dismissed.count == 7)
        #expect(lines.contains("150.0,event,sysmon,self,stop"))
    }
}
