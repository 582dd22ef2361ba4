/// How an answer to a radio prompt is judged and logged (docs/openmatb-behaviour.md: Communications,
/// "Miss", and OpenMATB's SDT table).
public enum CommunicationsScoring {
    /// The signal-detection value of a response (`sdt_value`).
    public enum Outcome: String, Hashable, Sendable, CaseIterable {
        case hit = "HIT", miss = "MISS", falseAlarm = "FA"
        case badRadio = "BAD_RADIO", badFrequency = "BAD_FREQ", badRadioAndFrequency = "BAD_RADIO_FREQ"
    }

    /// One scored response or miss: the values of its nine performance rows (nil is `nan`).
    public struct Response: Hashable, Sendable {
        public var wasNeeded: Bool
        public var targetRadio: String?
        public var respondedRadio: String?
        public var targetMHz: Double?
        public var respondedMHz: Double?
        public var isCorrectRadio: Bool?
        public var deviationMHz: Double?
        public var responseTimeMs: Double?
        public var outcome: Outcome
        /// A miss logs its rows in another order.
        public var isMiss: Bool

        /// The performance rows, in OpenMATB's order: for a response `response_was_needed`,
        /// `target_radio`, `responded_radio`, `target_frequency`, `responded_frequency`,
        /// `correct_radio`, `response_deviation`, `response_time`, `sdt_value`; for a miss
        /// `target_radio` and `target_frequency` come first.
        /// - Parameter periodIsInteger: whether response times are ints (`taskupdatetime` is).
        public func rows(periodIsInteger: Bool) -> [(address: String, value: PyValue)] {
            let nan = PyValue.float(.nan)
            func float(_ value: Double?) -> PyValue { value.map(PyValue.float) ?? nan }
            let needed: (String, PyValue) = ("response_was_needed", .bool(wasNeeded))
            let target: [(String, PyValue)] = [
                ("target_radio", targetRadio.map(PyValue.string) ?? nan), ("target_frequency", float(targetMHz)),
            ]
            let time = responseTimeMs.map { periodIsInteger ? PyValue.int(Int($0)) : .float($0) } ?? nan
            let rest: [(String, PyValue)] = [
                ("correct_radio", isCorrectRadio.map(PyValue.bool) ?? nan), ("response_deviation", float(deviationMHz)),
                ("response_time", time), ("sdt_value", .string(outcome.rawValue)),
            ]
            let responded: [(String, PyValue)] = [
                ("responded_radio", respondedRadio.map(PyValue.string) ?? nan), ("responded_frequency", float(respondedMHz)),
            ]
            if isMiss { return (target + [needed] + responded + rest).map { ($0.0, $0.1) } }
            return ([needed, target[0], responded[0], target[1], responded[1]] + rest).map { ($0.0, $0.1) }
        }
    }

    /// OpenMATB's decision table. A `nil` (NaN) deviation is "not 0".
    /// - Parameter isCorrectRadio: nil when no response was needed.
    public static func outcome(wasNeeded: Bool, isCorrectRadio: Bool?, deviationMHz: Double?) -> Outcome {
        guard wasNeeded else { return .falseAlarm }
        let isExact = deviationMHz == 0
        switch (isCorrectRadio ?? false, isExact) {
        case (true, true): return .hit
        case (false, true): return .badRadio
        case (true, false): return .badFrequency
        case (false, false): return .badRadioAndFrequency
        }
    }

    /// Judges a validation of the selected radio: the responded radio is measured against
    /// itself if it awaits an answer, else against the only waiting radio, else nothing.
    public static func confirm(_ state: CommunicationsState, responded index: Int) -> Response {
        let waiting = state.waitingIndices
        let responded = state.radios[index]
        let wasNeeded = !waiting.isEmpty
        let isCorrect: Bool? = wasNeeded ? waiting.contains(index) : nil
        let measured = waiting.contains(index) ? index : (waiting.count == 1 ? waiting.first : nil)
        var response = Response(wasNeeded: wasNeeded, targetRadio: nil, respondedRadio: responded.name, targetMHz: nil,
                                respondedMHz: responded.frequencyMHz, isCorrectRadio: isCorrect, deviationMHz: nil,
                                responseTimeMs: nil, outcome: .falseAlarm, isMiss: false)
        if let measured, let target = state.radios[measured].targetMHz {
            response.targetRadio = state.radios[measured].name
            response.targetMHz = target
            response.deviationMHz = PythonRounding.round1(responded.frequencyMHz - target)
            response.responseTimeMs = state.radios[measured].responseTimeMs
        }
        response.outcome = outcome(wasNeeded: wasNeeded, isCorrectRadio: isCorrect, deviationMHz: response.deviationMHz)
        return response
    }

    /// A prompt left unanswered for `maxresponsedelay`.
    public static func miss(_ radio: CommunicationsRadio) -> Response {
        Response(wasNeeded: true, targetRadio: radio.name, respondedRadio: nil, targetMHz: radio.targetMHz, respondedMHz: nil,
                 isCorrectRadio: false, deviationMHz: nil, responseTimeMs: nil, outcome: .miss, isMiss: true)
    }
}
