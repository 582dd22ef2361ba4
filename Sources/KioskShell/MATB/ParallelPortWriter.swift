import Dispatch
import KioskCore
import KioskData
import Synchronization

/// Writes parallel-port bytes on a thread of its own, each at its due time, so a pulse keeps
/// the length the scenario gave it (`delayms`, 5 ms by default) whatever the frame rate.
///
/// The session computes a frame's pulses in one go at the frame's end, a few milliseconds
/// after they were due; the writer sends each at its due time plus one constant latency,
/// keeping their spacing exact. Bytes are written in the order given.
public final class ParallelPortWriter: @unchecked Sendable {
    private struct State {
        var queue: [(due: MonotonicTime, byte: UInt8)] = []
        var problems: [String] = []
        var isClosing = false
        var lastByte: UInt8 = 0
    }

    /// Added to every due time: one 60 Hz frame, the most a due time can be in the past
    /// when the frame hands it over.
    public static let latencyNanoseconds: Int64 = 1_000_000_000 / 60

    private let device: ParallelPortDevice
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    public init(device: ParallelPortDevice) {
        self.device = device
        // `run()` blocks for the writer's whole life. A serial queue targets an overcommit root
        // queue, so libdispatch gives it a thread of its own instead of one from the pool of
        // one per core that other queues share.
        DispatchQueue(label: "labkiosk.parallel-port", qos: .userInteractive).async { [self] in run() }
    }

    /// Queues a byte to be written at `due` plus the latency.
    public func write(_ byte: UInt8, due: MonotonicTime) {
        state.withLock { $0.queue.append((MonotonicTime(nanoseconds: due.nanoseconds + Self.latencyNanoseconds), byte)) }
        wake.signal()
    }

    /// Problems met since the last call (failed writes).
    public func takeProblems() -> [String] {
        state.withLock { state in
            defer { state.problems = [] }
            return state.problems
        }
    }

    /// Writes what is queued, leaves the data lines at 0, and stops the thread.
    public func close() {
        let alreadyClosing = state.withLock { state in
            defer { state.isClosing = true }
            return state.isClosing
        }
        guard !alreadyClosing else { return }
        wake.signal()
        finished.wait()
    }

    private func run() {
        while true {
            wake.wait()
            while let next = state.withLock({ $0.queue.isEmpty ? nil : $0.queue.removeFirst() }) {
                MonotonicClock.sleep(until: next.due)
                send(next.byte)
            }
            let closing = state.withLock { $0.isClosing && $0.queue.isEmpty }
            if closing {
                // A pulse still up when the session ends would stay up until the next program.
                if state.withLock({ $0.lastByte }) != 0 { send(0) }
                finished.signal()
                return
            }
        }
    }

    private func send(_ byte: UInt8) {
        do {
            try device.write(byte)
            state.withLock { $0.lastByte = byte }
        } catch {
            state.withLock { $0.problems.append("\(error)") }
        }
    }
}
