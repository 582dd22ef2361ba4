import Foundation
import KioskCore
import TestSupport
import Testing
@testable import KioskShell

/// A plan and every file it names, checked before anything runs.
extension SDLSuite {
    @Suite struct PlanCheckerTests {
        private let repository = Fixtures.repository

        private var checker: PlanChecker {
            PlanChecker(bundledIncludes: repository.appendingPathComponent("Assets/includes"))
        }

        /// `plan` checked as `plan.toml` in a new folder beside `files` (name: text); the folder
        /// is removed afterwards.
        private func check(plan: String, files: [String: String] = [:]) throws -> (folder: String, result: Result<PlanChecker.Checked, ScenarioErrors>) {
            let folder = NSTemporaryDirectory() + "plan-check-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            for (name, text) in files.merging(["plan.toml": plan], uniquingKeysWith: { a, _ in a }) {
                try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            }
            return (folder, checker.check(folder + "/plan.toml"))
        }

        @Test func theBundledPlanAndItsFilesAreSound() throws {
            let checked = try checker.check(repository.appendingPathComponent("Scenarios/plans/workload-pilot/plan.toml").path).get()
            #expect(checked.plan.blocks.count == 5)
            #expect(checked.blocks.compactMap { $0.file?.split(separator: "/").last.map(String.init) }
                    == ["welcome.txt", "easy.txt", "hard.txt", "nasatlx_en.txt", "drawing.ini"])
        }

        @Test func aMissingFileAndABadScenarioAreReportedTogether() throws {
            let (_, result) = try check(plan: """
                [study]
                name = "s"
                [[block]]
                kind = "matb"
                scenario = "bad.txt"
                [[block]]
                kind = "pad"
                config  =  "missing.ini"
                """, files: ["bad.txt": "0:00:00;sysmon;start\n0:00:05;sysmon;scales-9-failure;True\n"])
            guard case .failure(let errors) = result else {
                Issue.record("expected errors")
                return
            }
            // The scenario's own problems (an unknown scale, no stop), then the plan's.
            #expect(errors.diagnostics.count == 3)
            #expect(errors.diagnostics[0].file.hasSuffix("/bad.txt") && errors.diagnostics[0].line == 2)
            let missing = try #require(errors.diagnostics.last)
            #expect(missing.file.hasSuffix("/plan.toml") && missing.line == 8 && missing.column == 1)
            #expect(missing.message.hasPrefix("config not found: "))
        }

        /// A MATB practice that repeats until a figure its tasks never report would repeat to
        /// its limit every time; one its tasks report is accepted.
        @Test func aCriterionOnAFigureTheScenarioNeverReportsIsAnError() throws {
            let scenario = "0:00:00;track;start\n0:00:10;track;stop\n"
            let (_, result) = try check(plan: """
                [study]
                name = "s"
                [[block]]
                kind = "matb"
                scenario = "track.txt"
                repeat_until = "track in target % >= 80"
                [[block]]
                kind = "matb"
                scenario = "track.txt"
                repeat_until = "sysmon HIT >= 3"
                """, files: ["track.txt": scenario])
            guard case .failure(let errors) = result else {
                Issue.record("expected errors")
                return
            }
            #expect(errors.diagnostics.map(\.line) == [7])
            #expect(errors.diagnostics[0].message.hasPrefix("`repeat_until` names `sysmon HIT`, which this block never reports (it reports `track in target %`, `track RMS deviation px`)"))
        }

        @Test func anUnknownKindDoesNotHideTheOtherBlocksProblems() throws {
            let (folder, result) = try check(plan: """
                [study]
                name = "s"
                [[block]]
                kind = "matb"
                scenario = "missing.txt"
                [[block]]
                kind = "slideshow"
                file = "a.txt"
                [[block]]
                kind = "pad"
                config = "missing.ini"
                """)
            guard case .failure(let errors) = result else {
                Issue.record("expected errors")
                return
            }
            #expect(errors.diagnostics.map(\.line) == [5, 7, 11])
            #expect(errors.diagnostics.map { String($0.message.prefix(22)) }
                    == ["scenario not found: \(folder.prefix(2))", "unknown block kind `sl", "config not found: \(folder.prefix(4))"])
        }

        @Test func aBadQuestionnaireInAPlanIsReportedAtItsLine() throws {
            let (_, result) = try check(plan: "[study]\nname = \"s\"\n[[block]]\nkind = \"questionnaire\"\nfile = \"scales.txt\"\n",
                                        files: ["scales.txt": "Effort;How hard?;Low/High;0/10/50\n"])
            guard case .failure(let errors) = result else {
                Issue.record("a default outside its bounds was accepted")
                return
            }
            #expect(errors.diagnostics.contains { $0.file.hasSuffix("/scales.txt") && $0.line == 1 })
        }
    }
}
