import Dispatch
import KioskCore
import Synchronization

/// Re-runs of a logged session parked at evenly spaced points of its wall clock, built on a
/// background queue, so that a seek anywhere runs the session for at most one interval
/// (docs/replay.md). A session cannot be copied, so each checkpoint is a re-run of its own
/// from the start; one that a seek takes is built again behind it.
final class ReplayCheckpoints: Sendable {
    /// A re-run handed between the background queue and the window's thread, never used by
    /// both at once.
    final class Parked: @unchecked Sendable {
        let reenactment: SessionReenactment
        let wall: Int64
        init(_ reenactment: SessionReenactment, wall: Int64) {
            self.reenactment = reenactment
            self.wall = wall
        }
    }

    let clock: SessionLogClock
    /// Wall nanoseconds between checkpoints.
    let interval: Int64
    private let make: @Sendable () -> SessionReenactment
    private let parked = Mutex<[Int64: Parked]>([:])
    private let stopped = Atomic<Bool>(false)
    private let building = Atomic<Bool>(false)
    private let queue = DispatchQueue(label: "labkiosk.replay-checkpoints", qos: .utility)

    /// - Parameter make: a fresh re-run from the session's start.
    init(clock: SessionLogClock, make: @escaping @Sendable () -> SessionReenactment) {
        self.clock = clock
        // At most 12 checkpoints, at least 10 s apart: a one-hour log has one every 5 minutes.
        interval = max(10_000_000_000, clock.duration / 12)
        self.make = make
    }

    /// The wall times checkpoints are kept at (the start needs none: a fresh re-run is there).
    var grid: [Int64] { Array(stride(from: interval, to: clock.duration, by: Int(interval)).map { Int64($0) }) }

    /// Whether every checkpoint is parked.
    var isComplete: Bool { parked.withLock { $0.count } >= grid.count }

    /// Builds the missing checkpoints in the background, nearest the start first.
    func fill() {
        guard !building.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.async { [self] in
            defer { building.store(false, ordering: .releasing) }
            for wall in grid where !stopped.load(ordering: .acquiring) {
                if parked.withLock({ $0[wall] != nil }) { continue }
                let reenactment = make()
                Self.run(reenactment, to: wall, clock: clock)
                parked.withLock { $0[wall] = Parked(reenactment, wall: wall) }
            }
        }
    }

    /// Takes the latest checkpoint at or before `wall`, to run on from; it is built again in
    /// the background.
    func take(atOrBefore wall: Int64) -> Parked? {
        let taken = parked.withLock { parked -> Parked? in
            guard let best = parked.keys.filter({ $0 <= wall }).max() else { return nil }
            return parked.removeValue(forKey: best)
        }
        if taken != nil { fill() }
        return taken
    }

    /// Stops building; a checkpoint under way is finished and dropped.
    func stop() {
        stopped.store(true, ordering: .releasing)
    }

    /// Runs a re-run on to `wall` nanoseconds after the log's first row.
    static func run(_ reenactment: SessionReenactment, to wall: Int64, clock: SessionLogClock) {
        _ = reenactment.run(until: clock.scenarioTime(atWall: wall),
                            arrivedBy: MonotonicTime(nanoseconds: clock.start.nanoseconds + wall))
    }
}
