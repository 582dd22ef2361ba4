import KioskCore
import KioskData
import Testing
@testable import KioskShell

/// The one list of block kinds.
@Suite struct BlockKindsTests {
    @Test func everyKindHasItsOwnNameAndEveryLogItsOwnEnding() {
        let names = BlockKinds.all.map(\.plan.name)
        #expect(names == ["matb", "pad", "judge", "prompts", "consent", "instructions", "questionnaire", "timing", "break"])
        #expect(Set(names).count == names.count)
        #expect(BlockKinds.logs.map(\.suffix) == [".csv", "_samples.tsv", "_judge.tsv", "_prompts.tsv"])
        #expect(BIDSExport.logSuffixes == [".csv", "_judge.tsv", "_prompts.tsv"])
    }

    /// The core's and KioskData's lists serve the readers that link no block kind (the lab,
    /// the fuzz targets): they must name what the kinds name.
    @Test func theListsOfReadersWithoutKindsMatchTheKinds() {
        #expect(PlanBlockKind.all == BlockKinds.plan)
        #expect(BIDSRunReader.all.map(\.suffix) == BlockKinds.logs.compactMap(\.bids?.suffix))
        #expect(BlockKinds.fallback.log?.bids?.suffix == BIDSRunReader.matbSession.suffix)
    }

    @Test func checkRecognisesEachKindsFileByItsContent() {
        func kind(_ path: String, _ text: String) -> String? {
            BlockKinds.all.first { $0.recognises?(ExaminedFile(path: path, text: text)) == true }?.plan.name
        }
        #expect(kind("a.ini", "recording pad size           :1260,600\n") == "pad")
        #expect(kind("a.ini", "*** INTERACT LOG\r\nrecording pad size           :1260,600\r\n") == "pad", "saved with CRLF line ends")
        #expect(kind("a.toml", "trials = \"t.csv\"\n") == "judge")
        #expect(kind("a.toml", "[[phase]]\nname = \"x\"\n") == "prompts")
        #expect(kind("a.toml", "[[statement]]\ntext = \"I agree.\"\n") == "consent")
        #expect(kind("a.toml", "sensor = \"/dev/input/event7\"\npatch_x = 0\n") == "timing")
        #expect(kind("a.toml", "[study]\nname = \"s\"\n") == nil)
        #expect(kind("a.txt", "0:00:00;sysmon;start\n") == nil)
        #expect(kind("a.toml", "recording pad size           :1260,600\n") == nil)
    }
}
