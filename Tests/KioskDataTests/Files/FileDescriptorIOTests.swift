import Glibc
import Testing
@testable import KioskData

@Suite struct FileDescriptorIOTests {
    @Test func readingStopsAtTheLimitOrAtTheEnd() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(FileDescriptorIO.writeAll(Array("0123456789".utf8), to: ends[1]) == nil)
        close(ends[1])

        var bytes: [UInt8] = []
        #expect(FileDescriptorIO.readAll(from: ends[0], into: &bytes, limit: 4) == nil)
        #expect(bytes == Array("0123".utf8))
        #expect(FileDescriptorIO.readAll(from: ends[0], into: &bytes) == nil)
        #expect(bytes == Array("0123456789".utf8))
    }

    @Test func onlyRegularFilesAreReadAndAPipeIsRefusedWithoutWaiting() throws {
        let folder = "/tmp/labkiosk-read-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try #require(mkdir(folder, 0o700) == 0)
        defer { _ = unlink(folder + "/fifo"); _ = unlink(folder + "/file"); _ = rmdir(folder) }
        try #require(mkfifo(folder + "/fifo", 0o600) == 0)
        let file = open(folder + "/file", O_CREAT | O_WRONLY, 0o600)
        #expect(FileDescriptorIO.writeAll(Array("rows\n".utf8), to: file) == nil)
        close(file)
        #expect(try FileDescriptorIO.readFile(atPath: folder + "/file") == Array("rows\n".utf8))
        for path in [folder + "/fifo", "/dev/zero", folder] {
            #expect(throws: ShellError("\(path): not a regular file (a folder, a pipe or a device); give a file"), "\(path)") {
                _ = try FileDescriptorIO.readFile(atPath: path)
            }
        }
    }

    @Test func failuresReturnTheErrno() {
        var bytes: [UInt8] = []
        #expect(FileDescriptorIO.readAll(from: -1, into: &bytes) == EBADF)
        #expect(FileDescriptorIO.writeAll([1], to: -1) == EBADF)
    }
}
