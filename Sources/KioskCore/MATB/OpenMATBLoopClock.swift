/// When OpenMATB 1.4.5's main loop checks its tasks, in scenario time: the instants
/// `--cadence openmatb` runs its task updates and events at (docs/compatibility.md: Timing).
///
/// OpenMATB's loop never sleeps (core/scheduler.py and core/clock.py upstream: the clock
/// advances on every pass of pyglet's event loop); each pass adds the time since the last one
/// to scenario time, updates every running task (a task computes when scenario time has
/// reached its deadline, then sets the next one `taskupdatetime` later), then runs at most one
/// due event. Only the redraw is limited to 60 Hz: a pass that redraws takes as long as the
/// drawing, the others a fraction of a millisecond. This clock lays out those passes: a
/// redraw pass is due 1/60 s after the last one began and lasts 11.5–14 ms, every other pass
/// 0.3–0.8 ms, drawn from a generator seeded with the session number, so a session's passes
/// are the same in every run. A pass that starts one of the five tasks lasts longer: OpenMATB
/// makes the task's widgets and draws them for the first time in it. Under Xvfb that model gives
/// OpenMATB's figures: about 2,250 tracking updates (20 ms) and 295 per system-monitoring scale
/// (200 ms) in 60 s, where OpenMATB logged 2,247 and 295, and events at the start of a
/// scenario run as late as OpenMATB runs them, after its 0.2 s of starting passes.
struct OpenMATBLoopClock: Sendable {
    static let redrawInterval = ScenarioTime(nanoseconds: 16_666_667)
    static let redrawPass = (shortest: 11_500_000, longest: 14_000_000)
    static let otherPass = (shortest: 300_000, longest: 800_000)
    /// How long the pass that starts each task lasts, its first redraw included: the median of
    /// six runs of OpenMATB 1.4.5's `basic.txt` under Xvfb, timed pass by pass.
    static let startingPass: [String: Int] = [
        "resman": 57_300_000, "track": 26_500_000, "sysmon": 36_700_000,
        "scheduling": 61_900_000, "communications": 38_200_000,
    ]

    /// The next pass.
    private(set) var next = ScenarioTime.zero
    private var redrawDue = OpenMATBLoopClock.redrawInterval
    private var generator: PythonRandom

    init(runNumber: Int) {
        generator = PythonRandom(seed: runNumber)
    }

    /// Moves on to the pass after `next`, which started the task `startedTask` if it names one.
    mutating func passNext(startedTask: String? = nil) {
        var lasting = generator.randint(Self.otherPass.shortest, Self.otherPass.longest)
        if let startedTask, let starting = Self.startingPass[startedTask] {
            redrawDue = next + Self.redrawInterval
            lasting = starting
        } else if next >= redrawDue {
            redrawDue = next + Self.redrawInterval
            lasting += generator.randint(Self.redrawPass.shortest, Self.redrawPass.longest)
        }
        next = next + ScenarioTime(nanoseconds: Int64(lasting))
    }
}
