import Foundation
import Testing
@testable import KioskCore

@Suite struct QuestionnaireTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/includes/questionnaires")

    private func read(_ name: String) throws -> String {
        let data = try Data(contentsOf: Self.assets.appendingPathComponent(name))
        return String(decoding: data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data, as: UTF8.self)
    }

    @Test func shippedNASATLXParsesInBothLanguages() throws {
        let (english, englishProblems) = Questionnaire.parse(try read("nasatlx_en.txt"), file: "nasatlx_en.txt")
        #expect(englishProblems.isEmpty)
        #expect(english.pages.count == 1)
        #expect(english.pages[0].scales.map(\.title) == ["Mental demand", "Physical demand", "Time pressure", "Performance", "Effort", "Frustration"])
        #expect(english.pages[0].scales[3].minimumLabel == "Good" && english.pages[0].scales[3].maximumLabel == "Poor")
        #expect(english.pages[0].scales.allSatisfy { ($0.minimum, $0.maximum, $0.initial) == (0, 10, 5) })
        let (french, frenchProblems) = Questionnaire.parse(try read("nasatlx_fr.txt"), file: "nasatlx_fr.txt")
        #expect(frenchProblems.isEmpty, "\(frenchProblems)")
        // The <note> line keeps its slot, so the scales are items 2 to 7.
        #expect(french.pages[0].items.count == 7)
        #expect(french.pages[0].scales.map(\.title).first == "Exigence mentale")
        #expect(french.pages[0].scales.allSatisfy { ($0.minimum, $0.maximum, $0.initial) == (0, 100, 50) })
    }

    @Test func theThreeFieldLineThatCrashesOpenMATBIsALocatedError() {
        let text = "Effort;Low/High;0/10/5\nMental;How much?;Low/High;0/10/5\n  Physical;Low/High;0/10/5"
        let (_, problems) = Questionnaire.parse(text, file: "q.txt")
        #expect(problems.map(\.line) == [1, 3])
        #expect(problems.map(\.column) == [1, 3])
        #expect(problems.allSatisfy { $0.severity == .error })
        #expect(problems[0].description.hasPrefix("q.txt:1:1: error: a questionnaire item has 4 fields"))
        #expect(problems[0].message.contains("this line has 3"))
    }

    @Test func badValuesAreLocatedAtTheirField() {
        let (_, problems) = Questionnaire.parse("""
            A;q;lo/hi;0/10/
            B;q;lo/hi;0/10/5x
            C;q;lo/mid/hi;0/10/5
            D;q;lo/hi;10/10/10
            E;q;lo/hi;0/10/12
            """, file: "q.txt")
        #expect(problems.map(\.line) == [1, 2, 3, 4, 5])
        #expect(problems.map(\.column) == [16, 16, 5, 11, 11])
        #expect(problems[0].message.contains("`` is not a whole number"))
        #expect(problems[3].message.contains("must be below"))
        #expect(problems[4].message.contains("between"))
    }

    @Test func linesThatDoNotMatchTakeASlotButAreNoItem() {
        let (questionnaire, problems) = Questionnaire.parse("<note>hello</note>\nplain text\nA;q;lo/hi;0/10/5", file: "q")
        #expect(problems.isEmpty)
        #expect(questionnaire.pages[0].items.count == 3)
        #expect(questionnaire.pages[0].scales.count == 1)
        #expect(Questionnaire.matchesItemPattern("a;b/c;1/2/3"))
        #expect(Questionnaire.matchesItemPattern("q;min/max;1/2/3"))
        #expect(!Questionnaire.matchesItemPattern("a;b;1/2/3"))
        #expect(!Questionnaire.matchesItemPattern("a;b/c;1/x/3"))
    }

    @Test func morethanSixScalesOnAPageWarn() {
        let lines = (1...7).map { "T\($0);q;lo/hi;0/10/5" }.joined(separator: "\n")
        let (_, problems) = Questionnaire.parse(lines, file: "q")
        #expect(problems.count == 1)
        #expect(problems.first?.severity == .warning)
        #expect(problems.first?.line == 1)
    }

    @Test func titlesAndPagesFollowTheSlideRules() {
        let (questionnaire, _) = Questionnaire.parse("<h1>Part one</h1>\nA;q;lo/hi;0/10/5\n<newpage>\nB;q;lo/hi;1/7/4", file: "q")
        #expect(questionnaire.pages.map(\.title) == ["<h1>Part one</h1>", nil])
        #expect(questionnaire.pages.map { $0.scales.map(\.title) } == [["A"], ["B"]])
    }
}
