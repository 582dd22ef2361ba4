/// The communications task's construction, update step and responses, as functions of its
/// state, parameters and seeded draws (docs/openmatb-behaviour.md: Communications, Seeds and pseudo-random
/// draws). They return what happened as events;
/// `CommunicationsTask` turns those into log rows and sound commands.
public enum CommunicationsDynamics {
    /// Something an update or response produced, in the order OpenMATB logs it.
    public enum Event: Hashable, Sendable {
        /// A pseudo-random draw: its seed, then what it gave (`seed_value`, `seed_output`).
        case draw(seed: Int, output: PyValue)
        /// A `manual` row.
        case note(String)
        /// Start speaking a prompt, interrupting any other.
        case speak(SpokenPrompt)
        /// Stop the prompt being spoken.
        case silence
        /// A scored response or miss.
        case response(CommunicationsScoring.Response)
    }

    /// Draws for the prompt frequency give up after this many retries (OpenMATB loops
    /// forever when the variation bounds cannot be met inside the air band).
    static let frequencyAttemptLimit = 10_000

    // MARK: Construction

    /// OpenMATB's constructor: the own callsign and distractors from the default regex, then
    /// each radio's frequency `round1(uniform(min, max))` drawn with the radio index as offset.
    public static func construct(
        _ parameters: CommunicationsParameters, callsigns generator: inout CallsignGenerator, draws: SeededDraws
    ) -> (CommunicationsState, [Event]) {
        var events: [Event] = []
        var own = "", others: [String] = []
        do {
            let set = try generator.regenerate(try Xeger(parameters.callsignRegex), distractorCount: parameters.otherCallsignNumber, at: .zero)
            events += set.attempts.map { .draw(seed: $0.draw.seed, output: .string($0.draw.value)) }
            own = set.own
            others = set.distractors
        } catch {
            events.append(.note("Error. Could not generate callsigns from \(parameters.callsignRegex): \(error)"))
        }
        let radios = CommunicationsDescriptor.radioNames.enumerated().map { index, name in
            let draw = draws.uniform(parameters.airbandMinMHz, parameters.airbandMaxMHz, at: .zero, add: index)
            events.append(.draw(seed: draw.seed, output: .float(draw.value)))
            return CommunicationsRadio(name: name, frequencyMHz: PythonRounding.round1(draw.value), position: index)
        }
        return (CommunicationsState(radios: radios, ownCallsign: own, otherCallsigns: others,
                                    callsignRegex: parameters.callsignRegex), events)
    }

    /// At start, the selected radio is `randint(0, radios − 1)` (offset 0).
    public static func selectStartingRadio(_ state: inout CommunicationsState, draws: SeededDraws, at time: ScenarioTime) -> [Event] {
        let draw = draws.randint(0, state.radios.count - 1, at: time)
        for index in state.radios.indices { state.radios[index].isActive = index == draw.value }
        return [.draw(seed: draw.seed, output: .int(draw.value))]
    }

    // MARK: Update

    /// What the participant holds down during an update.
    public struct Controls: Hashable, Sendable {
        public var acceptsInput: Bool
        public var isTuningDown: Bool
        public var isTuningUp: Bool
        public init(acceptsInput: Bool, isTuningDown: Bool, isTuningUp: Bool) {
            self.acceptsInput = acceptsInput
            self.isTuningDown = isTuningDown
            self.isTuningUp = isTuningUp
        }
    }

    /// One update, in OpenMATB's order: callsigns regenerated if the regex changed; a prompt
    /// if one is asked for; tuning by held keys; response timers, misses and prompt ends;
    /// the automatic solver; the active radio kept in the air band; feedback timers.
    ///
    /// - Parameter promptAnswered: set when the pending `radioprompt` was consumed (OpenMATB
    ///   resets the parameter).
    public static func step(
        _ state: inout CommunicationsState, _ parameters: CommunicationsParameters, callsigns generator: inout CallsignGenerator,
        draws: SeededDraws, voices: VoiceCatalog, controls: Controls, at time: ScenarioTime, promptAnswered: inout Bool
    ) -> [Event] {
        var events: [Event] = []
        if parameters.callsignRegex != state.callsignRegex {
            events += regenerateCallsigns(&state, parameters, generator: &generator, at: time)
        }
        if parameters.radioPrompt == "own" || parameters.radioPrompt == "other" {
            promptAnswered = true
            events += prompt(&state, parameters, destination: parameters.radioPrompt, draws: draws, voices: voices, at: time)
        }
        let active = state.activeIndex
        if controls.acceptsInput, let active {
            if controls.isTuningDown {
                state.radios[active].frequencyMHz -= 0.1
            } else if controls.isTuningUp {
                state.radios[active].frequencyMHz += 0.1
            }
        }
        for index in state.radios.indices where state.radios[index].targetMHz != nil {
            if !state.radios[index].isPrompting {
                state.radios[index].responseTimeMs += parameters.updatePeriodMs
                if state.radios[index].responseTimeMs >= parameters.maxResponseDelayMs {
                    events.append(.response(CommunicationsScoring.miss(state.radios[index])))
                    clearTarget(&state.radios[index])
                    setFeedback(.negative, on: &state.radios[index], parameters)
                }
            } else if state.promptEndsAt.map({ time >= $0 }) ?? true {
                state.radios[index].isPrompting = false
                events.append(.note(targetNote(state.radios[index])))
            }
        }
        if parameters.isAutomaticSolverOn {
            events += solve(&state, parameters)
        }
        if let active {
            state.radios[active].frequencyMHz = max(min(state.radios[active].frequencyMHz, parameters.airbandMaxMHz), parameters.airbandMinMHz)
        }
        for index in state.radios.indices {
            guard let timer = state.radios[index].feedbackTimerMs else { continue }
            let left = timer - parameters.updatePeriodMs
            if left <= 0 {
                state.radios[index].feedbackTimerMs = nil
                state.radios[index].feedback = nil
            } else {
                state.radios[index].feedbackTimerMs = left
            }
        }
        return events
    }

    /// A new own callsign and `othercallsignnumber` more distractors, appended to the old ones.
    static func regenerateCallsigns(
        _ state: inout CommunicationsState, _ parameters: CommunicationsParameters, generator: inout CallsignGenerator, at time: ScenarioTime
    ) -> [Event] {
        state.callsignRegex = parameters.callsignRegex
        do {
            let set = try generator.regenerate(try Xeger(parameters.callsignRegex), distractorCount: parameters.otherCallsignNumber,
                                               existingDistractors: state.otherCallsigns, at: time)
            state.ownCallsign = set.own
            state.otherCallsigns = set.distractors
            return set.attempts.map { .draw(seed: $0.draw.seed, output: .string($0.draw.value)) }
        } catch {
            return [.note("Error. Could not generate callsigns from \(parameters.callsignRegex): \(error)")]
        }
    }

    /// Picks the radio a prompt names (a free one for `own`, any name of `promptlist` for
    /// `other`), interrupts a prompt still being spoken, and speaks the new one.
    static func prompt(
        _ state: inout CommunicationsState, _ parameters: CommunicationsParameters, destination: String, draws: SeededDraws,
        voices: VoiceCatalog, at time: ScenarioTime
    ) -> [Event] {
        var events: [Event] = []
        var radioIndex: Int?
        if destination == "own" {
            let free = state.radios.indices.filter { state.radios[$0].targetMHz == nil }
            if let draw = draws.choice(free, at: time, add: 1) {
                events.append(.draw(seed: draw.seed, output: state.radios[draw.value].pythonDict(periodIsInteger: parameters.periodIsInteger)))
                radioIndex = draw.value
            }
        } else if let draw = draws.choice(parameters.promptList, at: time, add: 1) {
            events.append(.draw(seed: draw.seed, output: .string(draw.value)))
            radioIndex = state.radios.firstIndex { $0.name == draw.value }
        }
        guard let radioIndex else {
            // OpenMATB 1.4.5 crashes here (every radio already awaits an answer).
            return events + [.note("Error. Could not trigger prompt")]
        }
        if let prompting = state.radios.indices.first(where: { state.radios[$0].isPrompting }) {
            events.append(.silence)
            state.radios[prompting].isPrompting = false
            events.append(.note(targetNote(state.radios[prompting])))
        }
        var offset = radioIndex
        var callsign = state.ownCallsign
        if destination == "other" {
            if let draw = draws.choice(state.otherCallsigns, at: time, add: offset) {
                events.append(.draw(seed: draw.seed, output: .string(draw.value)))
                callsign = draw.value
            }
        }
        let current = state.radios[radioIndex].frequencyMHz
        var frequency: Double?
        for _ in 0..<frequencyAttemptLimit {
            let draw = draws.uniform(parameters.airbandMinMHz, parameters.airbandMaxMHz, at: time, add: offset)
            events.append(.draw(seed: draw.seed, output: .float(draw.value)))
            let candidate = PythonRounding.round1(draw.value)
            let variation = abs(candidate - current)
            if parameters.minVariationMHz < variation && variation < parameters.maxVariationMHz {
                frequency = candidate
                break
            }
            offset += 15
        }
        guard let frequency else {
            return events + [.note("Error. No frequency of the air band differs from \(current.pythonRepr) by the variation asked for")]
        }
        if destination == "own" {
            state.radios[radioIndex].targetMHz = frequency
            state.radios[radioIndex].isPrompting = true
        }
        state.promptCount += 1
        let prompt = SpokenPrompt(id: state.promptCount, voice: parameters.voice,
                                  clips: SpokenPrompt.clips(callsign: callsign, radio: state.radios[radioIndex].name,
                                                            frequencyText: frequency.pythonRepr))
        var samples = 0
        var missing: [String] = []
        for clip in prompt.clips {
            if let count = voices.sampleCount(of: clip, voice: prompt.voice) {
                samples += count
            } else if !missing.contains(clip) {
                missing.append(clip)
            }
        }
        // As OpenMATB skips an unreadable file and plays the rest.
        events += missing.map { .note("Audio file missing or unreadable: voices/\(prompt.voice)/\($0).wav") }
        state.promptEndsAt = time + VoiceCatalog.duration(samples: samples)
        events.append(.speak(prompt))
        return events
    }

    /// The automatic solver: towards the first radio awaiting an answer, one step per
    /// update: select it, then tune it by 0.1 (rounded), then validate.
    static func solve(_ state: inout CommunicationsState, _ parameters: CommunicationsParameters) -> [Event] {
        guard let target = state.waitingIndices.first, let active = state.activeIndex else { return [] }
        if active != target {
            let step = state.radios[target].position > state.radios[active].position ? 1 : -1
            select(position: state.radios[active].position + step, in: &state)
        } else if let goal = state.radios[active].targetMHz, goal != state.radios[active].frequencyMHz {
            let current = state.radios[active].frequencyMHz
            state.radios[active].frequencyMHz = PythonRounding.round1(current + (goal > current ? 0.1 : -0.1))
        } else {
            return confirm(&state, parameters)
        }
        return []
    }

    // MARK: Responses

    /// Moves the selection one radio up (`-1`) or down (`+1`), stopping at the ends.
    public static func moveSelection(by change: Int, in state: inout CommunicationsState) {
        guard let active = state.activeIndex else { return }
        let positions = state.radios.map(\.position)
        let target = max(min(state.radios[active].position + change, positions.max() ?? 0), positions.min() ?? 0)
        select(position: target, in: &state)
    }

    private static func select(position: Int, in state: inout CommunicationsState) {
        guard let next = state.radios.firstIndex(where: { $0.position == position }), let active = state.activeIndex else { return }
        state.radios[active].isActive = false
        state.radios[next].isActive = true
    }

    /// The participant (or the solver) validates the selected radio: scored, then feedback.
    public static func confirm(_ state: inout CommunicationsState, _ parameters: CommunicationsParameters) -> [Event] {
        guard let active = state.activeIndex else { return [] }
        let response = CommunicationsScoring.confirm(state, responded: active)
        if response.wasNeeded && response.isCorrectRadio == true && response.deviationMHz == 0 {
            clearTarget(&state.radios[active])
            setFeedback(.positive, on: &state.radios[active], parameters)
        } else {
            setFeedback(.negative, on: &state.radios[active], parameters)
        }
        return [.response(response)]
    }

    private static func clearTarget(_ radio: inout CommunicationsRadio) {
        radio.responseTimeMs = 0
        radio.targetMHz = nil
    }

    private static func setFeedback(_ kind: CommunicationsRadio.Feedback, on radio: inout CommunicationsRadio, _ parameters: CommunicationsParameters) {
        guard parameters.isFeedbackOn(kind) else { return }
        radio.feedback = kind
        radio.feedbackTimerMs = parameters.feedbackDurationMs
    }

    /// `Target NAV_1:117.1`, logged when a prompt ends or is interrupted.
    static func targetNote(_ radio: CommunicationsRadio) -> String {
        "Target \(radio.name):\(radio.targetMHz.map(\.pythonRepr) ?? "None")"
    }
}
