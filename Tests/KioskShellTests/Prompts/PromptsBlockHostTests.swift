import FoundationEssentials
import KioskCore
import KioskData
import Testing
@testable import KioskShell

/// A prompt sequence run headless on the shared loop: its log on disk, its markers on the
/// outlet and its codes on the port, each at the moment its phase began.
@Suite struct PromptsBlockHostTests {
    static let sequence = """
        title = "Two phases"
        lab_streaming_layer = true
        parallel_port = true
        [[phase]]
        name = "close"
        text = "Close your eyes, {who}."
        seconds = 0.5
        marker = "close_{who}"
        code = 7
        [[phase]]
        name = "open"
        text = "Open them."
        seconds = 0.25
        [[trial]]
        who = "Ann"
        """

    @Test func markersCodesAndRowsFollowThePhases() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prompts-host-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/two.toml"
        try Self.sequence.write(toFile: file, atomically: true, encoding: .utf8)
        let loaded = try PromptsLoader.load(file, speaking: nil).get()
        #expect(loaded.sequence.labStreamingLayer && loaded.sequence.parallelPort)

        let stream = RecordingStream()
        let port = RecordingPort()
        var host: PromptsBlockHost?
        let summary = try BlockRunner.run(options: RunOptions(dataDirectory: folder + "/data", participant: "P9"), headless: true, images: [:]) { context in
            let made = try PromptsBlockHost(loaded: loaded, run: RunOptions(dataDirectory: folder + "/data", participant: "P9"), seed: 1,
                                            canvas: Canvas(width: 1280, height: 800), context: context, version: "labkiosk test",
                                            markers: .init(stream: stream, parallelPort: ParallelPortWriter(device: port)))
            host = made
            return made
        }
        #expect(stream.samples.map(\.text) == ["close_Ann", "open", "finished"])
        // A phase's marker is stamped with the frame that showed it: the first at or after its
        // scheduled start (headless frames are whole sixtieths of 16,666,666 ns, so 0.5 s falls
        // just after frame 30); the end of the last phase at its scheduled 0.75 s.
        let start = try #require(stream.samples.first?.time)
        #expect(stream.samples.map { $0.time.since(start) } == [0, 31 * 16_666_666, 750_000_000])
        // The codes pulse: 7 then 0 five milliseconds later; a phase without a code sends none.
        #expect(port.writes.withLock { $0.map(\.byte) } == [7, 0])
        let log = try PromptsLogFile.read(String(decoding: try FileDescriptorIO.readFile(atPath: summary.block.dataFiles[0]), as: UTF8.self),
                                          file: summary.block.dataFiles[0])
        #expect(log.header.participant == "P9" && log.header.title == "Two phases")
        #expect(log.rows.map(\.event.rawValue) == ["phase_start", "phase_end", "phase_start", "phase_end", "finished"])
        #expect(summary.block.dataFiles[0].hasSuffix(PromptsLogFile.suffix))
        #expect(host?.prompts.trialsCompleted == 1)
    }
}
