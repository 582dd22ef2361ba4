/// A simulated MATB operator (docs/simulate.md): keeps the tracking cursor in its target with
/// the stick, as ``BehaviourModel/Tracking`` describes, through the same `joystickAxes` inputs
/// a joystick or the on-screen stick gives. The other tasks are left to run unattended.
final class SimulatedMATBOperator: SimulatedParticipant {
    private let block: MATBBlock
    private let tracking: BehaviourModel.Tracking
    private var generator: SplitMix64
    private var pending = PendingInputs()
    private var nextLookAt: MonotonicTime?

    init(block: MATBBlock, tracking: BehaviourModel.Tracking, seed: UInt64) {
        self.block = block
        self.tracking = tracking
        generator = SplitMix64(seed: seed)
    }

    var answersWaitingScreens: Bool { false }

    func inputs(through time: MonotonicTime) -> [InputEvent] {
        if nextLookAt.map({ time >= $0 }) ?? true {
            nextLookAt = time.adding(milliseconds: tracking.intervalMs)
            look(at: time)
        }
        return pending.take(through: time)
    }

    /// Looks at the cursor and decides the stick's next position.
    private func look(at time: MonotonicTime) {
        guard block.isClockRunning, let host = block.hosts.first(where: { $0.plugin is TrackTask }), host.isAlive, !host.isPaused,
              let track = host.plugin as? TrackTask, let cursor = track.shownCursorInHalfSides else { return }
        // The stick moves the cursor along x, and against it along y (TrackDynamics.step); inverted, the other way.
        let invert = TrackParameters(host.parameters).inverseAxis ? -1.0 : 1.0
        let x = -tracking.gain * cursor.x * invert + tracking.noise * ExGaussian.standardNormal(&generator)
        let y = tracking.gain * cursor.y * invert + tracking.noise * ExGaussian.standardNormal(&generator)
        // Clipped and rounded to the log's precision, as a joystick's axes are, so that verify
        // and replay feed the task exactly what this run fed it.
        let axes = InputEvent.Payload.joystickAxes(x: StickResponse.quantized(x), y: StickResponse.quantized(y))
        pending.add(InputEvent(time: time.adding(milliseconds: tracking.delayMs), axes))
    }
}
