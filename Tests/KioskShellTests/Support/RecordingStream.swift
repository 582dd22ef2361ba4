import KioskCore

@testable import KioskShell

/// Records what would go to the LSL outlet.
final class RecordingStream: MarkerStream {
    var samples: [(text: String, time: MonotonicTime)] = []
    func push(_ text: String, at time: MonotonicTime) -> Bool {
        samples.append((text, time))
        return true
    }
}
