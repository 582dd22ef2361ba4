import Dispatch
import Foundation
import Glibc
import KioskCore
import Synchronization
import Testing
@testable import KioskData

@Suite struct RunFilesTests {
    private let date = LocalDateTime(year: 2024, month: 3, day: 5, hour: 9, minute: 15, second: 2)

    private let rows = [
        LogRecord(
            logtime: MonotonicTime(nanoseconds: 445_473_999_000), scenarioTime: nil, kind: .version,
            value: .string("1.4.5")),
        LogRecord(
            logtime: MonotonicTime(nanoseconds: 448_891_322_000), scenarioTime: .microseconds(1_000_014),
            kind: .state, module: "scheduling", address: "elapsed_time, text",
            value: .string("Temps passé \t 00:00:01")),
    ]

    private let expectedText =
        "logtime,scenario_time,type,module,address,value\r\n445.473999,0,version,,,1.4.5\r\n"
        + "448.891322,1.000014,state,scheduling,\"elapsed_time, text\",Temps passé \t 00:00:01\r\n"

    /// A fresh empty directory under /tmp, removed by `cleanUp`.
    private func makeTemporaryDirectory() throws -> String {
        var template = Array("/tmp/session-log-test-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        try #require(created != nil)
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func cleanUp(_ directory: String) {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A MATB log: the session's one `.csv` file.
    private func createLog(in directory: String) throws -> (runNumber: Int, log: LogFile<SessionLogFormat>) {
        let (number, files) = try RunFiles.create(in: directory, date: date, suffixes: [".csv"])
        return (number, LogFile<SessionLogFormat>(files[0]))
    }

    private func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    @Test func runsStartedAtOnceInDifferentFoldersTakeDifferentNumbers() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let numbers = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            guard let run = try? RunFiles.create(in: root + "/participant-\(index)", date: date, suffixes: [".csv", "_judge.tsv"],
                                                 numbersUnder: root) else { return }
            for file in run.files { try? file.close() }
            numbers.withLock { $0.append(run.number) }
        }
        #expect(numbers.withLock { $0.sorted() } == Array(1...16))
    }

    @Test func aRunWaitsWhileAnotherProcessTakesItsNumber() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let other = try DataFolderLock(folder: root, purpose: "numbers")
        let waiting = Mutex<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let run = try? RunFiles.create(in: root + "/b", date: date, suffixes: [".csv"], numbersUnder: root)
            for file in run?.files ?? [] { try? file.close() }
            waiting.withLock { $0 = run?.number }
            done.signal()
        }
        // What the other process makes while it holds the numbers: its run 1, in a folder of its own.
        usleep(200_000)
        let taken = try RunFiles.create(in: root + "/a", date: date, suffixes: [".csv"])
        for file in taken.files { try file.close() }
        other.release()
        done.wait()
        #expect(taken.number == 1 && waiting.withLock { $0 } == 2)
    }

    @Test func writesTheDatedFileByteForByte() throws {
        let root = try makeTemporaryDirectory()
        defer { cleanUp(root) }
        let (number, log) = try createLog(in: root + "/sessions")
        #expect(number == 1)
        #expect(log.path == root + "/sessions/2024-03-05/1_240305_091502.csv")
        log.append(rows)
        log.flush()
        try log.sync()
        #expect(contents(log.path) == Array(expectedText.utf8))
        try log.close()
        #expect(contents(log.path) == Array(expectedText.utf8))
    }

    /// Participants' data is the writing account's alone, whatever the umask allows.
    @Test func dataFilesAre0600AndTheFoldersMadeForThem0700() throws {
        let root = try makeTemporaryDirectory()
        defer { cleanUp(root) }
        let previous = umask(0o022)
        defer { umask(previous) }
        let (_, log) = try createLog(in: root + "/sessions")
        try log.close()
        func mode(_ path: String) -> mode_t {
            var info = stat()
            return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
        }
        #expect(mode(log.path) == 0o600)
        #expect(mode(root + "/sessions") == 0o700)
        #expect(mode(root + "/sessions/2024-03-05") == 0o700)
    }

    @Test func batchedRowsWithABoundedQueueLandInOrder() throws {
        let root = try makeTemporaryDirectory()
        defer { cleanUp(root) }
        let (_, log) = try createLog(in: root)
        log.batchRecords = 3
        log.file.maximumQueuedBatches = 1
        var expected = SessionLogFormat.headerLine
        for frame in 0..<200 {
            let row = LogRecord(logtime: MonotonicTime(nanoseconds: Int64(frame) * 16_666_667), scenarioTime: nil, kind: .manual,
                                value: .string("frame \(frame)"))
            expected += SessionLogFormat.line(for: row)
            log.append([row])
            log.flush()
        }
        try log.close()
        #expect(contents(log.path) == Array(expected.utf8), "every row, in order, though at most one batch waited")
    }

    @Test func flushedRowsReachTheFileWithoutSyncOrClose() throws {
        let root = try makeTemporaryDirectory()
        defer { cleanUp(root) }
        let (_, log) = try createLog(in: root)
        log.append(rows)
        log.flush()
        // No sync, no close: the writer alone must write(2) the frame, as if the process were
        // about to crash. Poll because the write happens on the writer's thread.
        var seen = contents(log.path)
        for _ in 0..<500 where seen != Array(expectedText.utf8) {
            usleep(10_000)
            seen = contents(log.path)
        }
        #expect(seen == Array(expectedText.utf8))
        try log.close()
    }

    @Test func aNewLogHoldsItsHeaderBeforeAnyRow() throws {
        let root = try makeTemporaryDirectory()
        defer { cleanUp(root) }
        let (_, log) = try createLog(in: root)
        // No append, flush or close: a run that dies before its first frame leaves a file
        // with the header. Poll because the write happens on the writer's thread.
        var seen = contents(log.path)
        for _ in 0..<500 where seen != SessionLogFormat.header {
            usleep(10_000)
            seen = contents(log.path)
        }
        #expect(seen == SessionLogFormat.header)
        try log.close()
    }

    @Test func aSecondSessionGetsANewFileAndLeavesTheFirstUntouched() throws {
        let root = try makeTemporaryDirectory()
        defer { cleanUp(root) }
        let (_, first) = try createLog(in: root)
        first.append(rows)
        try first.close()
        let (secondNumber, second) = try createLog(in: root)
        try second.close()
        #expect(secondNumber == 2)
        #expect(second.path != first.path)
        #expect(contents(first.path) == Array(expectedText.utf8))
        #expect(contents(second.path) == SessionLogFormat.header)
    }

    @Test func numbersFollowTheHighestLogAnywhereUnderSessions() throws {
        let root = try makeTemporaryDirectory()
        defer { cleanUp(root) }
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: root + "/old/deeper", withIntermediateDirectories: true)
        #expect(fileManager.createFile(atPath: root + "/old/deeper/7_230101_080000.csv", contents: Data()))
        #expect(fileManager.createFile(atPath: root + "/old/3_230101_080000.csv", contents: Data()))
        #expect(fileManager.createFile(atPath: root + "/notes.csv", contents: Data()))
        let (number, log) = try createLog(in: root)
        try log.close()
        #expect(number == 8)
    }

    @Test func numbersCountEveryKindOfDataFile() throws {
        let root = try makeTemporaryDirectory()
        defer { cleanUp(root) }
        try FileManager.default.createDirectory(atPath: root + "/2024-03-04", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: root + "/2024-03-04/2_240304_080000.csv", contents: Data()))
        #expect(FileManager.default.createFile(atPath: root + "/2024-03-04/9_240304_090000_samples.tsv", contents: Data()))
        let (number, log) = try createLog(in: root)
        try log.close()
        #expect(number == 10)
    }

    @Test func aSessionsFilesShareOneNumberAndATakenNameMovesThemAll() throws {
        let root = try makeTemporaryDirectory()
        defer { cleanUp(root) }
        let taken = root + "/5_240305_091502_samples.tsv"
        #expect(FileManager.default.createFile(atPath: taken, contents: Data("keep me".utf8)))
        let opened = try RunFiles.openExclusive(in: root, firstNumber: 5, date: date, suffixes: [".txt", "_samples.tsv"])
        for file in opened.files { try file.close() }
        #expect(opened.number == 6)
        #expect(opened.files.map(\.path) == [root + "/6_240305_091502.txt", root + "/6_240305_091502_samples.tsv"])
        // The text file made for number 5 before its sample file turned out taken is gone.
        #expect(!FileManager.default.fileExists(atPath: root + "/5_240305_091502.txt"))
        #expect(contents(taken) == Array("keep me".utf8))
    }

    @Test func aTakenNameMovesOnToTheNextNumber() throws {
        let root = try makeTemporaryDirectory()
        defer { cleanUp(root) }
        let taken = root + "/5_240305_091502.csv"
        let original = Data("keep me\r\n".utf8)
        #expect(FileManager.default.createFile(atPath: taken, contents: original))
        let opened = try RunFiles.openExclusive(in: root, firstNumber: 5, date: date, suffixes: [".csv"])
        for file in opened.files { try file.close() }
        #expect(opened.number == 6)
        #expect(opened.files.map(\.path) == [root + "/6_240305_091502.csv"])
        #expect(FileManager.default.contents(atPath: taken) == original)
    }

    @Test func aSessionsPathThatIsAFileIsAClearError() throws {
        // Tests run as root, which ignores permission bits: a regular file in the way is
        // what makes the folder unusable here.
        let root = try makeTemporaryDirectory()
        defer { cleanUp(root) }
        let blocker = root + "/sessions"
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let expected = DataFileError.directoryNotWritable(
            path: blocker, reason: "it exists and is not a directory")
        #expect(throws: expected) {
            _ = try RunFiles.create(in: blocker, date: date, suffixes: [".csv"])
        }
        let message = DataFileError.directoryNotWritable(path: blocker, reason: "r").description
        #expect(message.contains(blocker))
        #expect(contents(blocker) == Array("x".utf8))
    }

    @Test func aDayFolderBelowAFileIsAClearError() throws {
        let root = try makeTemporaryDirectory()
        defer { cleanUp(root) }
        let blocker = root + "/2024-03-05"
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
        do {
            _ = try RunFiles.create(in: root, date: date, suffixes: [".csv"])
            Issue.record("creating a log inside a regular file succeeded")
        } catch {
            guard case .directoryNotWritable(let path, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == blocker)
        }
    }

    @Test func aFullDiskIsReportedNotSwallowed() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        let log = LogFile<SessionLogFormat>(AppendOnlyFile(descriptor: descriptor, path: "/dev/full"))
        log.append(rows)
        log.flush()
        #expect(throws: DataFileError.self) { try log.sync() }
        guard case .writeFailed(let path, let reason) = log.lastError else {
            Issue.record("expected a write failure, got \(String(describing: log.lastError))")
            return
        }
        #expect(path == "/dev/full")
        #expect(reason == String(cString: strerror(ENOSPC)))
        #expect(throws: DataFileError.self) { try log.close() }
    }

    @Test func rowsAppendedAfterCloseAreReported() throws {
        let root = try makeTemporaryDirectory()
        defer { cleanUp(root) }
        let (_, log) = try createLog(in: root)
        try log.close()
        #expect(log.lastError == nil)
        log.append(rows)
        #expect(log.lastError == .appendAfterClose(path: log.path))
        #expect(contents(log.path) == SessionLogFormat.header)
    }

    @Test func backgroundSyncsAfterEveryBurstLeaveEverythingWritten() throws {
        let root = try makeTemporaryDirectory()
        defer { cleanUp(root) }
        let (_, files) = try RunFiles.create(in: root, date: date, suffixes: [".txt"])
        let file = files[0]
        var expected: [UInt8] = []
        for stroke in 0..<500 {
            let line = Array("stroke \(stroke)\n".utf8)
            file.append(line)
            expected += line
            file.syncInBackground()
        }
        try file.close()
        #expect(file.lastError == nil)
        #expect(contents(file.path) == expected)
    }

    @Test func aBackgroundSyncThatFailsIsReported() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { Glibc.close(ends[0]) }
        // A pipe takes writes but cannot be synced.
        let file = AppendOnlyFile(descriptor: ends[1], path: "pipe")
        file.append(Array("x\n".utf8))
        file.syncInBackground()
        #expect(throws: DataFileError.self) { try file.close() }
        guard case .syncFailed(let path, _) = file.lastError else {
            Issue.record("expected a sync failure, got \(String(describing: file.lastError))")
            return
        }
        #expect(path == "pipe")
    }
}
