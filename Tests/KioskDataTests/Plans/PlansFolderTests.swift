import FoundationEssentials
import KioskCore
import Testing
@testable import KioskData

@Suite struct PlansFolderTests {
    /// The lab reads a desk's plans as their files write them: study and visits, or the first
    /// problem of a plan that cannot be read, by file name; hidden files and folders without a
    /// plan are not plans.
    @Test func eachPlanIsReadForItsStudyAndVisitsAsTheDeskListsThem() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plans-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: root + "/memory", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/no-plan", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let visits = "[study]\nname = \"memory\"\n[[visit]]\nname = \"baseline\"\n[[visit]]\nname = \"week-1\"\nday = 7\n"
            + "[[block]]\nkind = \"pad\"\nconfig = \"missing.ini\"\nvisit = \"baseline\"\n"
            + "[[block]]\nkind = \"break\"\nseconds = 1\nvisit = \"week-1\"\n"
        for (name, text) in [("memory/plan.toml", visits), ("broken.toml", "[study]\nname = \"s\n"), (".hidden.toml", visits)] {
            try text.write(toFile: root + "/" + name, atomically: true, encoding: .utf8)
        }
        let folder = PlansFolder(root)
        #expect(folder.planFiles() == [root + "/broken.toml", root + "/memory/plan.toml"])
        let studies = folder.studiesAsWritten()
        #expect(studies.map(\.name) == ["broken.toml", "memory"])
        #expect(studies[0].problem?.hasPrefix("line 2: ") == true && studies[0].visits.isEmpty)
        #expect(studies[1].problem == nil, "the files its blocks name are the desk's to check")
        #expect(studies[1].visits.map(\.name) == ["baseline", "week-1"])
    }
}
