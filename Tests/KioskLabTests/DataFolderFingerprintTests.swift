import Glibc
import Testing
@testable import KioskLab

@Suite struct DataFolderFingerprintTests {
    private func folder() -> String {
        let path = "/tmp/labkiosk-fingerprint-\(UInt64.random(in: 0...UInt64.max))"
        mkdir(path, 0o700)
        mkdir(path + "/session", 0o700)
        write(path + "/session/log.csv", "a,b\n")
        return path
    }

    private func write(_ path: String, _ text: String, append: Bool = false) {
        let file = open(path, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0o600)
        _ = text.withCString { Glibc.write(file, $0, strlen($0)) }
        close(file)
    }

    @Test func aFolderThatDidNotChangeLooksTheSame() {
        let path = folder()
        defer { system("rm -rf \(path)") }
        let before = DataFolderFingerprint(folder: path, ignoring: ["lab.sqlite"])
        write(path + "/lab.sqlite", "the dashboard's own")
        #expect(DataFolderFingerprint(folder: path, ignoring: ["lab.sqlite"]) == before, "its own file is not the kiosk's data")
        write(path + "/session/log.csv", "1,2\n", append: true)
        #expect(DataFolderFingerprint(folder: path, ignoring: ["lab.sqlite"]) != before, "a file grew")
    }

    @Test func aFileReplacedWithTheSameSizeIsAChange() {
        let path = folder()
        defer { system("rm -rf \(path)") }
        let before = DataFolderFingerprint(folder: path, ignoring: [])
        write(path + "/session/new.csv", "a,b\n")
        rename(path + "/session/new.csv", path + "/session/log.csv")
        #expect(DataFolderFingerprint(folder: path, ignoring: []) != before, "another inode")
    }
}
