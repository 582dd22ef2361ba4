import KioskCore

/// A logged session shown at any point of its wall clock: one re-run brought forward as the
/// replay plays, replaced by the nearest checkpoint (or a fresh re-run) when it must go
/// back or jump far ahead.
final class ReplayPlayer {
    let checkpoints: ReplayCheckpoints
    private let make: @Sendable () -> SessionReenactment
    private(set) var current: SessionReenactment
    /// The wall time `current` has been run to.
    private(set) var wall: Int64 = 0

    init(clock: SessionLogClock, make: @escaping @Sendable () -> SessionReenactment) {
        self.make = make
        checkpoints = ReplayCheckpoints(clock: clock, make: make)
        current = make()
        checkpoints.fill()
    }

    var clock: SessionLogClock { checkpoints.clock }

    /// Brings the shown session to `target` wall nanoseconds after the log's first row.
    func show(_ target: Int64) {
        let runsOn = target >= wall && target - wall <= checkpoints.interval
        if !runsOn {
            if let parked = checkpoints.take(atOrBefore: target), parked.wall > wall || target < wall {
                current = parked.reenactment
                wall = parked.wall
            } else if target < wall {
                current = make()
                wall = 0
            }
        }
        ReplayCheckpoints.run(current, to: target, clock: clock)
        wall = target
    }

    func stop() { checkpoints.stop() }
}
