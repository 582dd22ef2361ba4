/// OpenMATB's callsign generation for the communications task (docs/openmatb-behaviour.md: Callsigns).
///
/// `get_callsign`: increment the counter; then draw `xeger(regex)` with the counter as the
/// seed offset, reject the string if a character repeats or lies outside `A–Z0–9`, and
/// increment the counter after every draw. `regenerate_callsigns`: the own callsign first,
/// then each distractor, drawing again while it equals the own callsign or an earlier
/// distractor. The counter lives on between regenerations, as in OpenMATB.
///
/// Where OpenMATB hangs (a pattern that cannot produce enough valid callsigns), this type
/// fails cleanly: both entry points first run `CallsignFeasibility` and throw
/// `cannotProduceCallsigns` before any draw when the answer is "impossible"; patterns it
/// cannot decide are bounded by `attemptLimit` draws and `characterLimit` generated
/// characters per callsign (each draw is itself capped by `Xeger`). Errors leave the
/// generator unchanged.
public struct CallsignGenerator: Sendable {
    /// OpenMATB's default `callsignregex`.
    public static let defaultRegex = #"[A-Z][A-Z][A-Z]\d\d\d"#
    /// The default cap on draws per callsign: far beyond what a workable pattern needs
    /// (`.{6}` averages under a thousand), and about a second of work.
    public static let defaultAttemptLimit = 100_000
    /// The default cap on characters generated per callsign, rejected draws included: a
    /// guard against patterns whose draws are each huge (nested repeats).
    public static let defaultCharacterLimit = 10_000_000

    /// Seeds for the communications plugin of this session.
    public let draws: SeededDraws
    /// OpenMATB's `callsign_seed`: 1 when the plugin is created.
    public private(set) var counter: Int
    /// The most draws spent on one callsign before giving up.
    public var attemptLimit: Int
    /// The most characters generated for one callsign before giving up.
    public var characterLimit: Int

    /// A generator for a session's communications plugin.
    /// - Parameters:
    ///   - runNumber: the run number (OpenMATB's session number) that enters every seed.
    ///   - counter: OpenMATB's `callsign_seed` (1 for a new plugin).
    ///   - attemptLimit: the most draws spent on one callsign.
    ///   - characterLimit: the most characters generated for one callsign.
    public init(
        runNumber: Int, counter: Int = 1, attemptLimit: Int = defaultAttemptLimit,
        characterLimit: Int = defaultCharacterLimit
    ) {
        draws = SeededDraws(runNumber: runNumber, plugin: .communications)
        self.counter = counter
        self.attemptLimit = attemptLimit
        self.characterLimit = characterLimit
    }

    /// Draws and characters spent so far on the callsign being looked for.
    private struct Effort {
        var draws = 0
        var characters = 0
    }

    /// `get_callsign`: the next acceptable string and every draw made for it.
    /// - Parameter time: scenario time of the call (its whole seconds enter the seed).
    /// - Throws: `cannotProduceCallsigns` before drawing when no valid callsign exists;
    ///   `attemptLimitReached`; `generation`.
    public mutating func nextCallsign(_ regex: Xeger, at time: ScenarioTime)
        throws(CallsignGenerationError) -> (callsign: String, attempts: [CallsignAttempt])
    {
        if CallsignFeasibility.analyze(regex, distinctCallsigns: 1) == .infeasible {
            throw .cannotProduceCallsigns(regex: regex.pattern, needed: 1)
        }
        var copy = self
        var attempts: [CallsignAttempt] = []
        var effort = Effort()
        let callsign = try copy.drawCallsign(regex, at: time, attempts: &attempts, effort: &effort)
        self = copy
        return (callsign, attempts)
    }

    /// `regenerate_callsigns`: a new own callsign, then `distractorCount` new distractors
    /// appended to `existingDistractors` (OpenMATB appends when the regex changes).
    /// - Throws: `cannotProduceCallsigns` before drawing when the pattern cannot give
    ///   `1 + distractorCount` distinct valid callsigns; `attemptLimitReached`;
    ///   `generation`.
    public mutating func regenerate(
        _ regex: Xeger, distractorCount: Int, existingDistractors: [String] = [], at time: ScenarioTime
    ) throws(CallsignGenerationError) -> CallsignSet {
        let needed = 1 + Swift.max(distractorCount, 0)
        if CallsignFeasibility.analyze(regex, distinctCallsigns: needed) == .infeasible {
            throw .cannotProduceCallsigns(regex: regex.pattern, needed: needed)
        }
        var copy = self
        var attempts: [CallsignAttempt] = []
        var ownEffort = Effort()
        let own = try copy.drawCallsign(regex, at: time, attempts: &attempts, effort: &ownEffort)
        var distractors = existingDistractors
        for _ in 0..<Swift.max(distractorCount, 0) {
            var effort = Effort()
            var candidate = try copy.drawCallsign(regex, at: time, attempts: &attempts, effort: &effort)
            while candidate == own || distractors.contains(candidate) {
                attempts[attempts.count - 1].rejection = .alreadyUsed
                candidate = try copy.drawCallsign(regex, at: time, attempts: &attempts, effort: &effort)
            }
            distractors.append(candidate)
        }
        self = copy
        return CallsignSet(own: own, distractors: distractors, attempts: attempts)
    }

    /// One `get_callsign` call; `effort` already spent on this callsign counts toward the caps.
    private mutating func drawCallsign(
        _ regex: Xeger, at time: ScenarioTime, attempts: inout [CallsignAttempt], effort: inout Effort
    ) throws(CallsignGenerationError) -> String {
        counter += 1
        while true {
            if effort.draws >= attemptLimit || effort.characters >= characterLimit {
                throw .attemptLimitReached(regex: regex.pattern, attempts: effort.draws)
            }
            let draw: SeededDraw<String>
            do {
                draw = try draws.xeger(regex, at: time, add: counter)
            } catch {
                throw .generation(error)
            }
            counter += 1
            effort.draws += 1
            effort.characters += draw.value.unicodeScalars.count
            let rejection = Self.rejection(of: draw.value)
            attempts.append(CallsignAttempt(draw: draw, rejection: rejection))
            if rejection == nil { return draw.value }
        }
    }

    /// Whether OpenMATB's `get_callsign` accepts `text`: no repeated character, and every
    /// character in `A–Z0–9` (the empty string passes, as in OpenMATB).
    public static func isValidCallsign(_ text: String) -> Bool {
        rejection(of: text) == nil
    }

    private static func rejection(of text: String) -> CallsignAttempt.Rejection? {
        var seen: Set<Unicode.Scalar> = []
        var repeated = false
        for scalar in text.unicodeScalars {
            if !(("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)) { return .invalidCharacter }
            if !seen.insert(scalar).inserted { repeated = true }
        }
        return repeated ? .repeatedCharacter : nil
    }

    /// Whether `regex` parses and can produce at least one acceptable callsign.
    ///
    /// When this is `false`, OpenMATB's `get_callsign` would loop forever on the regex.
    public static func canProduceValidCallsign(_ regex: String) -> Bool {
        canProduceValidCallsigns(regex, count: 1)
    }

    /// Whether `regex` parses and can produce `count` distinct acceptable callsigns.
    ///
    /// Use `1 + othercallsignnumber` to check a whole regeneration. The answer is `false`
    /// only when that is impossible (see `CallsignFeasibility`).
    public static func canProduceValidCallsigns(_ regex: String, count: Int) -> Bool {
        guard let pattern = try? Xeger(regex) else { return false }
        return CallsignFeasibility.analyze(pattern, distinctCallsigns: count) != .infeasible
    }
}
