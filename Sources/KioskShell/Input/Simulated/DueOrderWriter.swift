import Dispatch
import Glibc
import KioskCore
import KioskData
import Synchronization

/// The thread that makes a simulated device's inputs (docs/simulate.md), each at the moment
/// it is due and in the order due, not the order decided: a key the participant decides on
/// later may be due before one decided earlier (a failure's key a response time after it
/// appeared, a pump's key at the next look at the tanks), and a person's hand makes them in
/// time order.
final class DueOrderWriter: Sendable {
    private struct Waiting {
        var due: MonotonicTime
        /// The order given, to keep inputs due at the same instant in it.
        var order: Int
        var make: @Sendable () -> Void
    }

    private let waiting = Mutex<(items: [Waiting], given: Int, closing: Bool)>(([], 0, false))
    /// Signalled when an input is given or the writer is closing; the thread waits on it until the next input is due.
    private let arrived = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(label: String) {
        DispatchQueue(label: label, qos: .userInteractive).async { [self] in run() }
    }

    /// Makes `make` happen at `due`, after everything due earlier.
    func at(_ due: MonotonicTime, _ make: @escaping @Sendable () -> Void) {
        waiting.withLock { state in
            state.items.append(Waiting(due: due, order: state.given, make: make))
            state.given += 1
        }
        arrived.signal()
    }

    /// Returns once every input given has been made, and ends the thread.
    func close() {
        waiting.withLock { $0.closing = true }
        arrived.signal()
        finished.wait()
    }

    private func run() {
        while true {
            let next: Waiting? = waiting.withLock { state in
                guard let index = state.items.indices.min(by: { (state.items[$0].due, state.items[$0].order) < (state.items[$1].due, state.items[$1].order) })
                else { return nil }
                return state.items[index]
            }
            guard let next else {
                if waiting.withLock({ $0.closing }) { break }
                arrived.wait()
                continue
            }
            let now = MonotonicClock.now()
            if next.due > now {
                // Woken early by a new input, which may be due sooner: look again. Timed out: due now.
                let wait = DispatchTime.now() + .nanoseconds(Int(next.due.nanoseconds - now.nanoseconds))
                if arrived.wait(timeout: wait) == .success { continue }
                Self.sleep(until: next.due)
            }
            waiting.withLock { state in state.items.removeAll { $0.order == next.order } }
            next.make()
        }
        finished.signal()
    }

    private static func sleep(until due: MonotonicTime) {
        var request = timespec(tv_sec: Int(due.nanoseconds / 1_000_000_000), tv_nsec: Int(due.nanoseconds % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil) == EINTR {}
    }
}
