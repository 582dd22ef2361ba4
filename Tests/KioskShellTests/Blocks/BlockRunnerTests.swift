import KioskCore
import Testing
@testable import KioskShell

/// The shared loop, headless, with a block and host that record what they are asked.
@Suite struct BlockRunnerTests {
    /// A block that waits for a participant until dismissed, then ends after `frames` frames.
    final class CountingBlock: Block {
        var canvas: Canvas { Canvas(width: 800, height: 600) }
        var isClockRunning: Bool { !isWaitingForParticipant }
        var wantsPointer: Bool { isWaitingForParticipant }
        private(set) var isWaitingForParticipant = true
        private(set) var isFinished = false
        private(set) var advances: [MonotonicTime] = []
        private(set) var dismissals = 0
        private(set) var endedAt: MonotonicTime?
        let frames: Int

        init(frames: Int) { self.frames = frames }

        func begin(at time: MonotonicTime) {}
        func advance(to time: MonotonicTime, inputs: [InputEvent]) {
            advances.append(time)
            if advances.count >= frames { isFinished = true }
        }
        func drawList() -> DrawList { DrawList(canvas: canvas) }
        func dismissWaitingScreen(at time: MonotonicTime) {
            dismissals += 1
            isWaitingForParticipant = false
        }
        func report(_ message: String, fatal: Bool, at time: MonotonicTime) {}
        func end(at time: MonotonicTime) {
            endedAt = time
            isFinished = true
        }
        var elapsedSeconds: Double { Double(advances.count) / 60 }
    }

    final class RecordingHost: BlockHost {
        let counting: CountingBlock
        var block: any Block { counting }
        var notes: [String] { [] }
        private(set) var begins: [MonotonicTime] = []
        private(set) var frameEnds = 0
        private(set) var finishes = 0
        /// What the runner told the host when it made it.
        var context: RunContext?

        init(_ block: CountingBlock) { counting = block }

        func begin(at time: MonotonicTime) { begins.append(time) }
        func endFrame(at time: MonotonicTime) throws { frameEnds += 1 }
        func finish() throws -> BlockRecord {
            finishes += 1
            return BlockRecord(runNumber: 7, dataFiles: ["data.csv"])
        }
    }

    private func run(frames: Int, stopAfter: Double? = nil) throws -> (RecordingHost, RunSummary) {
        let host = RecordingHost(CountingBlock(frames: frames))
        let options = RunOptions(dataDirectory: "unused", stopAfter: stopAfter)
        let summary = try BlockRunner.run(options: options, headless: true, images: [:]) { context in
            host.context = context
            return host
        }
        return (host, summary)
    }

    @Test func headlessFramesAreExactSixtiethsFromTheFirst() throws {
        let (host, summary) = try run(frames: 120)
        let advances = host.counting.advances
        #expect(advances.count == 120)
        #expect(host.begins == [advances[0]])
        for (index, time) in advances.enumerated() {
            #expect(time.since(advances[0]) == Int64(index) * VirtualFrameClock.frameNanoseconds)
        }
        #expect(host.frameEnds == 120)
        #expect(host.finishes == 1)
        #expect(summary.frames == 120)
        #expect(summary.block.runNumber == 7)
        // The block runs at 1x inside a headless run, whatever --speed says.
        #expect(host.context?.blockSpeed == 1)
        #expect(host.context?.headless == true)
    }

    @Test func headlessRunsDismissWhatWaitsForAParticipant() throws {
        let (host, _) = try run(frames: 10)
        #expect(host.counting.dismissals == 1)
    }

    @Test func stopAfterEndsTheBlockAsAnOperatorWouldAtTheInstantAsked() throws {
        let (host, _) = try run(frames: 10_000, stopAfter: 1)
        // Frames are 16,666,666 ns apart: frame 60 comes 40 ns before the second is up, so
        // frame 61 is the first at or after it; it advances the block to the second exactly, and ends it there.
        let advances = host.counting.advances
        #expect(advances.count == 62)
        #expect(advances.last?.since(advances[0]) == 1_000_000_000)
        #expect(host.counting.endedAt?.since(advances[0]) == 1_000_000_000)
    }
}
