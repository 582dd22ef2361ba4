/// OpenMATB's seeding rule for one plugin: every draw reseeds a fresh CPython generator.
///
/// Before each draw OpenMATB calls `random.seed(session + plugin index + int(t) + add)`
/// (docs/openmatb-behaviour.md: Seeds and pseudo-random draws), so a draw depends only on those four numbers,
/// never on earlier draws. Each method here computes that seed, draws once and returns the value with its
/// seed; nothing is logged and no state is kept between draws.
public struct SeededDraws: Sendable, Hashable {
    /// The run number (the number in the data file name; OpenMATB calls it the session number).
    public var runNumber: Int
    /// The drawing plugin, whose index is part of the seed.
    public var plugin: SeedingPlugin

    /// The seeding rule of `plugin` in session `runNumber`.
    public init(runNumber: Int, plugin: SeedingPlugin) {
        self.runNumber = runNumber
        self.plugin = plugin
    }

    /// The seed `session + plugin index + whole seconds of time + add`.
    /// - Parameters:
    ///   - time: scenario time of the draw; only its whole seconds count (`int(t)`).
    ///   - add: the caller's offset that separates draws made in the same second.
    public func seed(at time: ScenarioTime, add: Int) -> Int {
        runNumber + plugin.index + Int(time.wholeSeconds) + add
    }

    /// A generator freshly seeded for a draw at `time` with offset `add`.
    public func generator(at time: ScenarioTime, add: Int) -> PythonRandom {
        PythonRandom(seed: seed(at: time, add: add))
    }

    /// `choice(items)` after reseeding; `nil` for an empty list (OpenMATB raises there).
    public func choice<T>(_ items: [T], at time: ScenarioTime, add: Int) -> SeededDraw<T>? {
        var random = generator(at: time, add: add)
        guard let value = random.choice(items) else { return nil }
        return SeededDraw(seed: seed(at: time, add: add), value: value)
    }

    /// `sample(items, 1)[0]` after reseeding; the same element as `choice` (docs/openmatb-behaviour.md: Seeds
    /// and pseudo-random draws).
    public func sample1<T>(_ items: [T], at time: ScenarioTime, add: Int) -> SeededDraw<T>? {
        var random = generator(at: time, add: add)
        guard let value = random.sample1(items) else { return nil }
        return SeededDraw(seed: seed(at: time, add: add), value: value)
    }

    /// `randint(a, b)` after reseeding (OpenMATB passes no offset here, so `add` is 0 by
    /// default); requires `a <= b`.
    public func randint(_ a: Int, _ b: Int, at time: ScenarioTime, add: Int = 0) -> SeededDraw<Int> {
        var random = generator(at: time, add: add)
        return SeededDraw(seed: seed(at: time, add: add), value: random.randint(a, b))
    }

    /// `uniform(a, b)` after reseeding; the value is unrounded, as OpenMATB logs it.
    public func uniform(_ a: Double, _ b: Double, at time: ScenarioTime, add: Int) -> SeededDraw<Double> {
        var random = generator(at: time, add: add)
        return SeededDraw(seed: seed(at: time, add: add), value: random.uniform(a, b))
    }

    /// rstr's `xeger(pattern)` after reseeding.
    /// - Throws: `PythonRegexError` when the pattern cannot produce a string with these draws.
    public func xeger(_ pattern: Xeger, at time: ScenarioTime, add: Int) throws(PythonRegexError) -> SeededDraw<String> {
        var random = generator(at: time, add: add)
        let value = try pattern.generate(using: &random)
        return SeededDraw(seed: seed(at: time, add: add), value: value)
    }
}
