/// Sysmon's scenario parameters (docs/openmatb-behaviour.md: System monitoring), typed, as one update reads
/// them.
///
/// The scenario can set any of them at any time, before or after `start`; the task rebuilds
/// this value from the parameter store whenever it needs it, and writes back the few that
/// OpenMATB's own dynamics change (`failure` flags are consumed, lights switch `on`, a
/// randomly drawn `side` is kept).
struct SysmonParameters: Equatable {
    /// A feedback type's settings.
    struct Feedback: Equatable {
        var isActive: Bool
        /// The colour as the scenario gave it (logged as is in `feedback_color` rows).
        var color: PyValue
    }

    /// One light's parameters.
    struct Light: Equatable {
        var name: String
        var failure: Bool
        /// `default` is `on`: the light's nominal state is lit.
        var isNominallyOn: Bool
        var onColor: PyValue
        var key: String
        var isOn: Bool
    }

    /// One scale's parameters.
    struct Scale: Equatable {
        var name: String
        var failure: Bool
        /// Failure direction: 1 sends the arrow to the bottom third, −1 to the top; 0 draws it.
        var side: Int
        var key: String
    }

    var updatePeriod: PythonNumber
    var alertTimeout: PythonNumber
    var automaticSolver: Bool
    var automaticSolverDelay: PythonNumber
    var feedbackDuration: PythonNumber
    var positive: Feedback
    var negative: Feedback
    var lights: [Light]
    var scales: [Scale]

    /// The parameters the store holds now; missing or mistyped values fall back to OpenMATB's defaults.
    init(_ values: ParameterValues) {
        func number(_ path: String, _ fallback: Int) -> PythonNumber {
            PythonNumber(values[path]) ?? .int(fallback)
        }
        func text(_ path: String, _ fallback: String) -> String {
            switch values[path] {
            case .string(let s): s
            case .none: fallback
            case let other: other.pythonStr
            }
        }
        updatePeriod = number("taskupdatetime", 200)
        alertTimeout = number("alerttimeout", 10000)
        automaticSolver = values.bool("automaticsolver")
        automaticSolverDelay = number("automaticsolverdelay", 1000)
        feedbackDuration = number("feedbackduration", 1500)
        positive = Feedback(isActive: values.bool("feedbacks-positive-active"), color: values["feedbacks-positive-color"])
        negative = Feedback(isActive: values.bool("feedbacks-negative-active"), color: values["feedbacks-negative-color"])
        lights = (1...2).map { n in
            let prefix = "lights-\(n)-"
            return Light(
                name: text(prefix + "name", "F\(n + 4)"), failure: values.bool(prefix + "failure"),
                isNominallyOn: text(prefix + "default", n == 1 ? "on" : "off") == "on",
                onColor: values[prefix + "oncolor"], key: text(prefix + "key", "F\(n + 4)"), isOn: values.bool(prefix + "on"))
        }
        scales = (1...4).map { n in
            let prefix = "scales-\(n)-"
            let side: Int
            switch values[prefix + "side"] {
            case .int(let s): side = s
            case .bool(let b): side = b ? 1 : 0
            default: side = 0
            }
            return Scale(name: text(prefix + "name", "F\(n)"), failure: values.bool(prefix + "failure"), side: side,
                         key: text(prefix + "key", "F\(n)"))
        }
    }

    /// Writes back into `values` what the dynamics changed since `original` was read.
    func write(changesSince original: SysmonParameters, into values: inout ParameterValues) {
        for (n, (light, old)) in zip(lights, original.lights).enumerated() {
            let prefix = "lights-\(n + 1)-"
            if light.failure != old.failure { values[prefix + "failure"] = .bool(light.failure) }
            if light.isOn != old.isOn { values[prefix + "on"] = .bool(light.isOn) }
        }
        for (n, (scale, old)) in zip(scales, original.scales).enumerated() {
            let prefix = "scales-\(n + 1)-"
            if scale.failure != old.failure { values[prefix + "failure"] = .bool(scale.failure) }
            if scale.side != old.side { values[prefix + "side"] = .int(scale.side) }
        }
    }

    /// The settings of a feedback type.
    func feedback(_ type: SysmonFeedbackType) -> Feedback {
        switch type {
        case .positive: positive
        case .negative: negative
        }
    }

    /// The key of a gauge.
    func key(of gauge: SysmonGauge) -> String {
        switch gauge {
        case .scale(let i): scales[i].key
        case .light(let i): lights[i].key
        }
    }

    /// The name of a gauge, as logged in `name` performance rows.
    func name(of gauge: SysmonGauge) -> String {
        switch gauge {
        case .scale(let i): scales[i].name
        case .light(let i): lights[i].name
        }
    }
}
