import Testing
@testable import KioskCore

@Suite struct SessionListingTests {
    private let session = CatalogueSession(
        journal: "P07/pilot_2026-11-24_100000/batch.txt", study: "pilot", plan: "p.toml", participant: "P07", started: "2026-11-24 10:00:00",
        completed: nil, state: .running,
        blocks: [
            .init(place: 1, title: "matb easy.txt", state: .complete, began: "b", ended: "e", figures: ["frames": "10"],
                  files: [.init(path: "P07/x/1.csv", bytes: 12, sha256: "ab", partial: false)]),
            .init(place: 2, title: "pad \"a\".ini", state: .running, began: "b", ended: nil, figures: [:], files: []),
        ],
        progress: .init(place: 2, title: "pad \"a\".ini", batchStarted: 1000, blockStarted: 1060, expectedEnd: 1300, selfPacedRemain: true))

    @Test func theTableSaysWhereARunningSessionIs() {
        let text = SessionListing.table([session], details: false, now: 1075) { _ in "10:05" }
        #expect(text.contains("P07          pilot  2026-11-24 10:00:00  running  1/2     P07/pilot_2026-11-24_100000/batch.txt"))
        #expect(text.contains("now: P07 · block 2 of 2: pad \"a\".ini · 00:01:15 elapsed · ends about 10:05 at the earliest"))
    }

    @Test func detailsListEveryFileWithItsChecksum() {
        let text = SessionListing.table([session], details: true, now: 1075) { _ in "10:05" }
        #expect(text.contains("    1. matb easy.txt: complete, began b, ended e; frames 10\n       P07/x/1.csv  12 bytes  sha256 ab\n"))
    }

    @Test func jsonEscapesWhatItQuotes() {
        let json = SessionListing.json([session])
        #expect(json.contains(#""title": "pad \"a\".ini""#))
        #expect(json.contains(#""completed": null"#))
        #expect(json.contains(#"{"path": "P07/x/1.csv", "bytes": 12, "sha256": "ab", "partial": false}"#))
        #expect(JSONText.quoted("a\u{1}\\") == #""a\u0001\\""#)
    }

    @Test func progressSaysHoursMinutesAndSeconds() {
        #expect(BatchProgressLine.duration(3725) == "01:02:05")
    }
}
