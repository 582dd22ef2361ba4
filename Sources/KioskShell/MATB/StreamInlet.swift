import KioskCore
import KioskData

/// One channel of a Lab Streaming Layer stream an adaptive rule reads (docs/adaptive.md):
/// found when the session opens (waiting up to the rule's `wait_seconds`), then read at every
/// frame without waiting, each sample stamped with its own time on this machine's clock.
final class StreamInlet {
    /// What the session's log and terminal say about the stream.
    let description: String
    private let library: LabStreamingLayerLibrary
    private let inlet: OpaquePointer
    private let stream: AdaptiveRule.Stream
    private var buffer: [Double]
    /// The outlet's clock minus this machine's (seconds), measured when the inlet opened: on
    /// one machine it is 0; across machines liblsl estimates it.
    private let correction: Double

    /// A stream the rule waited for and did not find; whether that refuses the session is the rule's.
    struct NotFound: Error, CustomStringConvertible {
        let stream: AdaptiveRule.Stream
        var description: String {
            "no LSL stream of \(stream.lookup.rawValue) \(stream.value) appeared within \(AdaptiveController.figureText(stream.waitSeconds)) s"
        }
    }

    init(library: LabStreamingLayerLibrary, stream: AdaptiveRule.Stream) throws {
        self.library = library
        self.stream = stream
        var found: OpaquePointer?
        let count = library.resolveByProperty(&found, 1, stream.lookup.rawValue, stream.value, 1, stream.waitSeconds)
        guard count > 0, let info = found else { throw NotFound(stream: stream) }
        let channels = Int(library.channelCount(info))
        guard stream.channel < channels else {
            library.destroyStreamInfo(info)
            throw ShellError("LSL stream \(stream.value) has \(channels) channel(s); the rule reads channel \(stream.channel)")
        }
        let text = { (read: LabStreamingLayerLibrary.InfoText) in read(info).map { String(cString: $0) } ?? "" }
        description = "LSL stream \(text(library.streamName)) (type \(text(library.streamType)), \(channels) channel(s), source \(text(library.sourceID)))"
        guard let opened = library.createInlet(info, 360, 0, 1) else {
            library.destroyStreamInfo(info)
            throw ShellError("could not open an inlet of \(description)")
        }
        library.destroyStreamInfo(info)
        inlet = opened
        buffer = Array(repeating: 0, count: channels)
        var error: Int32 = 0
        library.openStream(inlet, 5, &error)
        let measured = library.timeCorrection(inlet, 2, &error)
        correction = error == 0 && measured.isFinite ? measured : 0
    }

    deinit { library.destroyInlet(inlet) }

    /// Appends every sample received since the last call, without waiting.
    func pull(into inputs: inout [InputEvent]) {
        var error: Int32 = 0
        while true {
            let timestamp = library.pullSampleDouble(inlet, &buffer, Int32(buffer.count), 0, &error)
            guard error == 0, timestamp != 0 else { return }
            // liblsl's clock is this machine's CLOCK_MONOTONIC (std::chrono::steady_clock), as ours is.
            let local = timestamp + correction
            guard local.isFinite, abs(local) < 9e9 else { continue }
            inputs.append(InputEvent(time: MonotonicTime(nanoseconds: Int64(local * 1e9)),
                                     .streamSample(InputEvent.StreamSample(stream: stream.key, value: buffer[stream.channel], streamTime: local))))
        }
    }
}
