import KioskCore
import KioskData

/// How fast a replay seeks on this machine (`labkiosk replay --measure-seeks`, which
/// `scripts/bench` runs on a one-hour log): the time to build every checkpoint in the
/// background, then seeks to evenly spread points in a shuffled order, each timed from the
/// request to the session standing there.
public enum ReplaySeekMeasurement {
    public struct Figures: Sendable {
        public var checkpointsSeconds: Double
        /// Each seek's time in milliseconds, in the order made.
        public var seekMilliseconds: [Double]
        public var durationSeconds: Double
    }

    public static func measure(_ logged: LoggedSession, seeks: Int) -> Figures {
        let clock = SessionLogClock(rows: logged.rows)
        let started = MonotonicClock.now()
        let player = ReplayPlayer(clock: clock, make: { logged.reenactment() })
        defer { player.stop() }
        while !player.checkpoints.isComplete { MonotonicClock.sleep(until: MonotonicTime(nanoseconds: MonotonicClock.now().nanoseconds + 5_000_000)) }
        let built = Double(MonotonicClock.now().since(started)) / 1e9
        // Evenly spread targets, visited in a fixed scrambled order (forwards and backwards).
        let count = max(seeks, 1)
        let targets = (0..<count).map { clock.duration * Int64(($0 * 7) % count) / Int64(count) + clock.duration / Int64(2 * count) }
        var times: [Double] = []
        for target in targets {
            let before = MonotonicClock.now()
            player.show(target)
            times.append(Double(MonotonicClock.now().since(before)) / 1e6)
            // Let the checkpoint the seek took be built again, as it would while a person watches.
            while !player.checkpoints.isComplete { MonotonicClock.sleep(until: MonotonicTime(nanoseconds: MonotonicClock.now().nanoseconds + 5_000_000)) }
        }
        return Figures(checkpointsSeconds: built, seekMilliseconds: times, durationSeconds: Double(clock.duration) / 1e9)
    }
}
