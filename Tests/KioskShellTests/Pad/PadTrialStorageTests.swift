import Foundation
import Glibc
@testable import KioskCore
import Testing
@testable import KioskShell

extension SDLSuite {
    /// A trial's files on disk: the journal, the files composed from it, their names.
    @Suite struct PadTrialStorageTests {
        private let start = LocalDateTime(year: 2025, month: 2, day: 3, hour: 9, minute: 15, second: 40)

        private func temporaryDirectory() throws -> String {
            let path = NSTemporaryDirectory() + "pad-storage-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return path
        }

        private func header(pad: (Int, Int) = (400, 300)) -> InteractLogHeader {
            InteractLogHeader(name: "P/1", experimentStart: start, strokeColour: Color(0, 0, 0, 255), backgroundColour: Color(255, 255, 255, 255),
                              strokeWidth: 4, stimulusFiles: [], familiarisationFile: nil, inputMaskFile: nil,
                              padWidth: pad.0, padHeight: pad.1, trialNumber: 1, trialStart: start)
        }

        /// A journal with one stroke from (20, 20) to (200, 20), closed or not.
        private func writeJournal(in directory: String, closed: Bool) throws -> (stem: String, path: String) {
            let opened = try PadTrialStorage.openJournal(in: directory, participant: "P/1", trial: 1, experimentStart: start)
            let t0 = MonotonicTime(nanoseconds: 1_000_000_000)
            var text = PadJournal.opening(header: header(), start: t0, information: ["pad: 400x300 px"])
            for (index, x) in stride(from: 20.0, through: 200, by: 20).enumerated() {
                let t = MonotonicTime(nanoseconds: t0.nanoseconds + Int64(index) * 10_000_000)
                text += PadJournal.line(.sample(PadSampleRow(kind: .sample, eventTime: t, frameTime: t, x: x, y: 20, tool: .pen,
                                                            contact: index == 0 ? .down : .move, stroke: 1)))
            }
            text += PadJournal.line(.event(InteractLogEvent(number: 1, time: t0, x: 20, y: 20, text: "ButtonDown")))
            if closed { text += PadJournal.closing(trialEnd: start.adding(seconds: 5)) }
            opened.journal.append(Array(text.utf8))
            try opened.journal.close()
            return (opened.stem, opened.journal.path)
        }

        @Test func aClosedJournalBecomesTheTrialsFilesAndGoes() throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let (stem, journal) = try writeJournal(in: directory, closed: true)
            #expect(stem == "P_1 (Trial 1) 2025-02-03 - 09-15-40")
            let written = try PadTrialStorage.complete(journal: journal)
            let folder = directory + "/2025-02-03/"
            #expect(written.map { $0.replacingOccurrences(of: folder, with: "") }.sorted()
                    == InteractLogNames.suffixes.map { stem + $0 }.sorted())
            #expect(!FileManager.default.fileExists(atPath: journal))
            let main = try String(contentsOfFile: folder + stem + ".txt", encoding: .utf8)
            #expect(main.hasPrefix("Name                 :P/1\n"))
            #expect(main.contains("Trial End            :03/02/2025 - 09:15:45\n\n1;1000000000;20;20;ButtonDown\n"))
            // The ink image: the stroke in the ink colour, the rest the background.
            let image = try PixelImage(surface: try #require(try ImageCodec.load(folder + stem + "_img.png")))
            #expect(image.width == 400 && image.height == 300)
            #expect(image.color(x: 100, y: 20) == Color(0, 0, 0, 255))
            #expect(image.color(x: 100, y: 100) == Color(255, 255, 255, 255))
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
            #expect(leftovers.isEmpty)
        }

        @Test func aJournalACrashLeftIsRecoveredUnderItsOwnStem() throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let (stem, journal) = try writeJournal(in: directory, closed: false)
            #expect(PadTrialStorage.journals(under: directory) == [journal])
            let written = try PadTrialStorage.complete(journal: journal)
            #expect(written.allSatisfy { $0.contains(stem + " (recovered)") })
            #expect(PadTrialStorage.journals(under: directory).isEmpty)
        }

        @Test func aLiveTrialsJournalIsLeftAloneUntilItsTrialLetsGo() throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let opened = try PadTrialStorage.openJournal(in: directory, participant: "P/1", trial: 1, experimentStart: start)
            opened.journal.append(Array(PadJournal.opening(header: header(), start: MonotonicTime(nanoseconds: 1), information: []).utf8))
            opened.journal.flush()
            let path = opened.journal.path
            #expect(PadJournalLock.isHeld(path))
            #expect(throws: PadTrialStorage.JournalInUse.self) { _ = try PadTrialStorage.complete(journal: path) }
            #expect(FileManager.default.fileExists(atPath: path), "another process's recovery leaves a live journal in place")
            // The trial itself ends: its own lock lets it write its files, under its own stem.
            opened.journal.append(Array(PadJournal.closing(trialEnd: start.adding(seconds: 5)).utf8))
            try opened.journal.close()
            let written = try PadTrialStorage.complete(journal: path, lock: opened.lock)
            #expect(written.allSatisfy { $0.contains(opened.stem) && !$0.contains("(recovered)") })
            #expect(!PadJournalLock.isHeld(path) && !FileManager.default.fileExists(atPath: path))
            let hidden = try FileManager.default.contentsOfDirectory(atPath: opened.folder).filter { $0.hasPrefix(".") }
            #expect(hidden.isEmpty, "the journal's unnamed first name is gone")
        }

        @Test func aTakenNameMovesTheWholeSetToTheNextStem() throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let folder = directory + "/2025-02-03/"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Only the strokes file of the first stem exists: every file moves on together.
            _ = FileManager.default.createFile(atPath: folder + "P_1 (Trial 1) 2025-02-03 - 09-15-40_strokes.txt", contents: Data("mine".utf8))
            let (stem, journal) = try writeJournal(in: directory, closed: true)
            #expect(stem == "P_1 (Trial 1) 2025-02-03 - 09-15-40 (2)")
            _ = try PadTrialStorage.complete(journal: journal)
            #expect(try String(contentsOfFile: folder + "P_1 (Trial 1) 2025-02-03 - 09-15-40_strokes.txt", encoding: .utf8) == "mine")
            #expect(FileManager.default.fileExists(atPath: folder + stem + "_strokes.txt"))
        }

        @Test func publishingNeverReplacesAFile() throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let files = PadTrialFiles(main: "new", strokes: "new", keys: "new", samples: "new", ink: [], recovered: false)
            _ = FileManager.default.createFile(atPath: directory + "/t.txt", contents: Data("old".utf8))
            let written = try PadTrialStorage.publish(files, folder: directory, stem: "t") { path in
                _ = FileManager.default.createFile(atPath: path, contents: Data("png".utf8))
            }
            #expect(try String(contentsOfFile: directory + "/t.txt", encoding: .utf8) == "old")
            #expect(written.count == 4)
        }
    }
}
