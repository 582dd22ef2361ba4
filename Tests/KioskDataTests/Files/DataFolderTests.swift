import FoundationEssentials
import Glibc
import Testing
@testable import KioskData

@Suite struct DataFolderTests {
    @Test func onlyARealWritableFolderOrANewOneInsideOneIsTaken() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("data-folder-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(symlink(root + "/real", root + "/link") == 0)
        #expect(FileManager.default.createFile(atPath: root + "/file", contents: Data()))

        #expect(DataFolder.problem(root + "/real") == nil)
        #expect(DataFolder.problem(root + "/new") == nil)
        #expect(DataFolder.problem(root + "/link") == "\(root)/link is a symbolic link to \(root)/real; labkiosk writes data only into a real folder: give that folder itself")
        #expect(DataFolder.problem(root + "/typo/data") == "\(root)/typo/data: the data folder does not exist, nor does \(root)/typo; check the path (a data folder is made only inside one that exists)")
        #expect(DataFolder.problem(root + "/file") == "\(root)/file is not a folder")
    }

    @Test func aFoldersParentIsFoundAsAPersonReadsThePath() {
        #expect(DataFolder.parentFolder(of: "sessions") == ".")
        #expect(DataFolder.parentFolder(of: "/data/") == "/")
        #expect(DataFolder.parentFolder(of: "a/b/c/") == "a/b")
    }
}
