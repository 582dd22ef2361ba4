import Glibc
import Testing
@testable import KioskShell

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

    @Test func failuresReturnTheErrno() {
        var bytes: [UInt8] = []
        #expect(FileDescriptorIO.readAll(from: -1, into: &bytes) == EBADF)
        #expect(FileDescriptorIO.writeAll([1], to: -1) == EBADF)
    }
}
