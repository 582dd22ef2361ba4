import Foundation
import KioskCore
import TestSupport
import Testing

@testable import KioskShell

@Suite struct ScenarioLoaderTests {
    /// A lab folder laid out as OpenMATB's `includes/`: scenarios, instructions, questionnaires, img.
    struct Lab {
        let root: URL
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("labkiosk-loader-\(UUID().uuidString)")
            for folder in ["scenarios", "instructions", "questionnaires", "img"] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
        }
        func write(_ path: String, _ text: String) throws {
            try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    private func loader(port: Bool = false) -> ScenarioLoader {
        ScenarioLoader(bundledIncludes: URL(fileURLWithPath: "/nonexistent"), hasParallelPort: port)
    }

    @Test func theThreeFieldQuestionnaireLineStopsTheScenarioWithItsLocation() throws {
        let lab = try Lab()
        defer { lab.remove() }
        try lab.write("questionnaires/q.txt", "# my scale\nMental;Low/High;0/10/5\n")
        try lab.write("scenarios/s.txt", "0:00:00;genericscales;filename;q.txt\n0:00:00;genericscales;start\n")
        guard case .failure(let errors) = loader().load(lab.path("scenarios/s.txt")) else {
            Issue.record("the scenario must not load")
            return
        }
        #expect(errors.diagnostics.map(\.description).first?.hasPrefix(lab.path("questionnaires/q.txt") + ":2:1: error: a questionnaire item has 4 fields") == true)
    }

    @Test func instructionImagesAreFoundBesideTheScenarioOrReported() throws {
        let lab = try Lab()
        defer { lab.remove() }
        try lab.write("img/logo.png", "not really a png")
        try lab.write("instructions/i.txt", "<p>Hello</p>\n<p><img src=logo.png></p>\n# <img src=ignored.png>\n  <img src=\"gone.png\">\n")
        try lab.write("scenarios/s.txt", "0:00:00;instructions;filename;i.txt\n0:00:00;instructions;start\n")
        guard case .failure(let errors) = loader().load(lab.path("scenarios/s.txt")) else {
            Issue.record("gone.png is missing")
            return
        }
        #expect(errors.diagnostics.count == 1)
        #expect(errors.diagnostics.first?.description.hasPrefix(lab.path("instructions/i.txt") + ":4:3: error: image gone.png not found") == true)
        try lab.write("img/gone.png", "x")
        let loaded = try loader().load(lab.path("scenarios/s.txt")).get()
        #expect(loaded.images == ["logo.png": lab.path("img/logo.png"), "gone.png": lab.path("img/gone.png")])
        #expect(loaded.includes.text("i.txt")?.hasPrefix("<p>Hello</p>") == true)
    }

    @Test func withoutAParallelPortItsParametersAreExplainedErrors() throws {
        let lab = try Lab()
        defer { lab.remove() }
        try lab.write("scenarios/p.txt", "0:00:00;parallelport;start\n0:00:01;parallelport;trigger;5\n0:00:02;parallelport;stop\n")
        guard case .failure(let errors) = loader(port: false).load(lab.path("scenarios/p.txt")) else {
            Issue.record("no port: the trigger line is an error")
            return
        }
        #expect(errors.diagnostics.first?.description.contains(":2:") == true)
        #expect(errors.diagnostics.first?.message.contains("The physical parallel port was not found.") == true)
        let french = ScenarioLoader(bundledIncludes: URL(fileURLWithPath: "/nonexistent"), language: .fr, hasParallelPort: false)
        if case .failure(let frenchErrors) = french.load(lab.path("scenarios/p.txt")) {
            #expect(frenchErrors.diagnostics.first?.message.contains("Le port parallèle (physique) n'a pas été trouvé.") == true)
        }
        let loaded = try loader(port: true).load(lab.path("scenarios/p.txt")).get()
        #expect(loaded.catalog.descriptor(for: "parallelport")?.parameter("trigger") != nil)
        #expect(loader(port: false).catalog.descriptor(for: "parallelport")?.parameter("trigger") == nil)
    }

    @Test func bundledNASATLXLoadsInBothLanguages() throws {
        let lab = try Lab()
        defer { lab.remove() }
        let bundled = Fixtures.repository.appendingPathComponent("Assets/includes")
        try lab.write("scenarios/n.txt", """
            0:00:00;genericscales;filename;nasatlx_en.txt
            0:00:00;genericscales;start
            0:00:01;genericscales;filename;nasatlx_fr.txt
            0:00:01;genericscales;start
            """)
        let loaded = try ScenarioLoader(bundledIncludes: bundled, hasParallelPort: false).load(lab.path("scenarios/n.txt")).get()
        #expect(loaded.includes.texts.keys.sorted() == ["nasatlx_en.txt", "nasatlx_fr.txt"])
        #expect(loaded.includes.text("nasatlx_fr.txt")?.hasPrefix("<note>") == true, "byte-order mark removed")
        #expect(loaded.scenario.warnings.isEmpty)
    }
}
