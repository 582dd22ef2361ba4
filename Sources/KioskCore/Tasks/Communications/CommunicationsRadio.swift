/// One radio of the communications task (OpenMATB's `radios-N` record).
public struct CommunicationsRadio: Hashable, Sendable {
    /// A feedback shown around a radio after a response.
    public enum Feedback: String, Hashable, Sendable { case positive, negative }

    /// `NAV_1`, `NAV_2`, `COM_1` or `COM_2`.
    public var name: String
    /// `currentfreq`: what the radio is tuned to. Tuning adds 0.1 without rounding, as
    /// OpenMATB does, so it may hold 112.00000000000001.
    public var frequencyMHz: Double
    /// `targetfreq`: the frequency an own prompt asked for, until answered or missed.
    public var targetMHz: Double?
    /// `pos`: the radio's row, 0…3 from the top.
    public var position: Int
    /// `response_time`: milliseconds since the prompt asking for this radio ended.
    public var responseTimeMs: Double = 0
    /// `is_active`: the radio the participant has selected.
    public var isActive = false
    /// `is_prompting`: its prompt is still being spoken.
    public var isPrompting = false
    /// `_feedbacktimer`, in milliseconds, and `_feedbacktype`.
    public var feedbackTimerMs: Double?
    public var feedback: Feedback?

    public init(name: String, frequencyMHz: Double, position: Int) {
        self.name = name
        self.frequencyMHz = frequencyMHz
        self.position = position
    }

    /// The radio as OpenMATB's dict repr shows it in a `seed_output` row (key order of the
    /// record, the widget handle last).
    /// - Parameter periodIsInteger: whether `taskupdatetime` is an int (times then are ints).
    public func pythonDict(periodIsInteger: Bool) -> PyValue {
        func milliseconds(_ value: Double) -> PyValue { periodIsInteger ? .int(Int(value)) : .float(value) }
        return .dict([
            .init("name", .string(name)),
            .init("currentfreq", .float(frequencyMHz)),
            .init("targetfreq", targetMHz.map(PyValue.float) ?? .none),
            .init("pos", .int(position)),
            .init("response_time", milliseconds(responseTimeMs)),
            .init("is_active", .bool(isActive)),
            .init("is_prompting", .bool(isPrompting)),
            .init("_feedbacktimer", feedbackTimerMs.map(milliseconds) ?? .none),
            .init("_feedbacktype", feedback.map { .string($0.rawValue) } ?? .none),
            .init("widget", .object("<core.widgets.radio.Radio object>")),
        ])
    }
}
