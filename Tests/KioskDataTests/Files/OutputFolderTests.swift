import FoundationEssentials
import Glibc
import Testing
@testable import KioskData

@Suite struct OutputFolderTests {
    private func temporaryFolder() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("output-folder-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: root + "/input/logs", withIntermediateDirectories: true)
        return root
    }

    private func refusal(_ path: String, inputs: [String]) -> String? {
        do {
            _ = try OutputFolder(path, inputs: inputs)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theFilesAppearTogetherAtTheEndInANewOrEmptyFolder() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let output = try OutputFolder(root + "/new/report", inputs: [root + "/input"])
        try output.create("plots/a.svg", Array("<svg/>".utf8))
        try output.create("index.html", Array("<html>".utf8))
        #expect(!FileManager.default.fileExists(atPath: root + "/new/report"), "nothing in place before the end")
        try output.finish()
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/new").sorted() == ["report"])
        #expect(try String(contentsOfFile: root + "/new/report/plots/a.svg", encoding: .utf8) == "<svg/>")

        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        let overEmpty = try OutputFolder(root + "/empty", inputs: [])
        try overEmpty.create("index.html", [])
        try overEmpty.finish()
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/empty") == ["index.html"])
    }

    @Test func aFailurePartWayLeavesNothing() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            let output = try OutputFolder(root + "/dataset", inputs: [])
            try output.create("participants.tsv", Array("participant_id\n".utf8))
            let tooLong = String(repeating: "x", count: 300)
            #expect(throws: ShellError.self) { try output.create("sub-\(tooLong)/beh/events.tsv", []) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["input"], "neither the folder nor its staging stays")
    }

    @Test func aFileAFullFolderOrAFolderInsideAnInputIsRefused() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(FileManager.default.createFile(atPath: root + "/file", contents: Data()))
        #expect(FileManager.default.createFile(atPath: root + "/input/logs/1.csv", contents: Data()))
        #expect(symlink(root + "/input", root + "/link") == 0)

        #expect(refusal(root + "/file", inputs: []) == "\(root)/file exists and is not a folder; give a new folder (nothing was written)")
        #expect(refusal(root + "/input/logs", inputs: []) == "\(root)/input/logs exists and is not empty; give a new folder (nothing was written)")
        let inside = "is inside the input \(root)/input; its files would be read as input next time. Give a folder outside it (nothing was written)"
        #expect(refusal(root + "/input/export", inputs: [root + "/input"]) == "\(root)/input/export " + inside)
        #expect(refusal(root + "/link/a/b", inputs: [root + "/input/"]).map { $0.hasSuffix("is inside the input \(root)/input/; its files would be read as input next time. Give a folder outside it (nothing was written)") } == true,
                "found through a symbolic link")
        #expect(refusal(root + "/input-export", inputs: [root + "/input", root + "/input/logs/1.csv"]) == nil, "a sibling sharing the name's start is outside")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["file", "input", "link"], "a refusal writes nothing")
    }
}
