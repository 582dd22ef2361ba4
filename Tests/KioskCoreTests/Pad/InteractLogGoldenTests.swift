import Testing
import TestSupport
@testable import KioskCore

/// A whole trial played through the block with InteractLog 2.3's defaults (hold to view, no
/// drawing over stimuli, a familiarisation image), its main, strokes and keys files compared
/// byte for byte with files written from InteractLog's rules (Tests/Fixtures/interactlog).
@Suite struct InteractLogGoldenTests {
    static func playDefaultTrial() throws -> PadTrialScript {
        var script = try PadTrialScript()
        script.frame([(4, .keyPress("N"))])        // opens the pad: FamiliarisationOn, DrawingEnabled
        script.frame([(9, .keyRelease("N"))])      // the opening key's release is not logged
        script.key("DOWN")                          // ends familiarisation
        script.stroke(from: PadTrialScript.pad(373.6, 175.8), to: PadTrialScript.pad(326.2, 366.9))
        script.stroke(from: PadTrialScript.pad(331, 372), to: PadTrialScript.pad(702, 369))
        script.key("RIGHT", holdMilliseconds: 3_800)  // stimulus 1 while held
        script.key("UP", holdMilliseconds: 1_800)     // stimulus 1 again
        script.stroke(from: PadTrialScript.pad(705, 372), to: PadTrialScript.pad(1011, 180))
        script.key("RIGHT", holdMilliseconds: 3_400)  // stimulus 2
        script.stroke(from: PadTrialScript.pad(598, 141), to: PadTrialScript.pad(600, 455))
        script.frame([(6, .keyPress("ESCAPE"))])
        return script
    }

    @Test func mainStrokesAndKeysFilesAreInteractLogs() throws {
        let files = try Self.playDefaultTrial().files()
        #expect(files.main == (try Fixtures.text("interactlog/default-trial.txt")))
        #expect(files.strokes == (try Fixtures.text("interactlog/default-trial_strokes.txt")))
        #expect(files.keys == (try Fixtures.text("interactlog/default-trial_keys.txt")))
        #expect(!files.recovered)
    }

    @Test func everyPointerInputIsASampleWithItsOwnTime() throws {
        let script = try Self.playDefaultTrial()
        let rows = try script.files().samples.split(separator: "\n").filter { $0.hasPrefix("sample\t") }
        // Four strokes of a down, three moves and an up.
        #expect(rows.count == 4 * 5)
        let first = rows[0].split(separator: "\t", omittingEmptySubsequences: false)
        #expect(first[3] == "373.60" && first[4] == "175.80")
        #expect(first[8] == "mouse" && first[9] == "down" && first[10] == "1")
        #expect(Int64(first[1])! % 1_000_000 == 123)  // the event's own time, not the frame's
    }
}
