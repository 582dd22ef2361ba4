/// Sysmon's hidden state between updates: OpenMATB's private `_…` gauge entries and the
/// plugin-wide seed counter (docs/openmatb-behaviour.md: System monitoring).
struct SysmonState: Equatable {
    /// What every gauge keeps while it fails.
    struct Gauge: Equatable {
        /// Milliseconds left before the failure ends by itself (`_failuretimer`).
        var failureTimer: PythonNumber?
        /// `_onfailure`.
        var isFailing = false
        /// Milliseconds since the failure started, counted per update (`_milliresponsetime`).
        var responseTime = PythonNumber.int(0)
        /// Milliseconds the arrow stays frozen at the middle after a hit (`_freezetimer`).
        var freezeTimer: PythonNumber?
    }

    /// A scale's gauge state plus its arrow.
    struct Scale: Equatable {
        var gauge = Gauge()
        /// Arrow index, 0 (bottom) … 10 (top) (`_pos`).
        var position = 5
        /// The zone the arrow moves in: 1 bottom third, 0 middle, −1 top third (`_zone`).
        var zone = 0
        /// Milliseconds left of the feedback strip (`_feedbacktimer`).
        var feedbackTimer: PythonNumber?
        /// `_feedbacktype`.
        var feedbackType: SysmonFeedbackType?
    }

    /// Incremented once per scale per update, never reset; seeds the arrow draws (starts at 1,
    /// so the first draw uses 2).
    var movingSeed = 1
    var scales = [Scale](repeating: Scale(), count: 4)
    var lights = [Gauge](repeating: Gauge(), count: 2)

    /// The shared gauge state of `gauge`.
    subscript(gauge: SysmonGauge) -> Gauge {
        get {
            switch gauge {
            case .scale(let i): scales[i].gauge
            case .light(let i): lights[i]
            }
        }
        set {
            switch gauge {
            case .scale(let i): scales[i].gauge = newValue
            case .light(let i): lights[i] = newValue
            }
        }
    }

    /// The private parameter leaves OpenMATB dumps at `start`, with their current values.
    var privateParameters: [(path: String, value: PyValue)] {
        var leaves: [(String, PyValue)] = []
        func gaugeLeaves(_ prefix: String, _ gauge: Gauge) {
            leaves.append((prefix + "_failuretimer", gauge.failureTimer?.pyValue ?? .none))
            leaves.append((prefix + "_onfailure", .bool(gauge.isFailing)))
            leaves.append((prefix + "_milliresponsetime", gauge.responseTime.pyValue))
            leaves.append((prefix + "_freezetimer", gauge.freezeTimer?.pyValue ?? .none))
        }
        for (i, light) in lights.enumerated() { gaugeLeaves("lights-\(i + 1)-", light) }
        for (i, scale) in scales.enumerated() {
            let prefix = "scales-\(i + 1)-"
            gaugeLeaves(prefix, scale.gauge)
            leaves.append((prefix + "_pos", .int(scale.position)))
            leaves.append((prefix + "_zone", .int(scale.zone)))
            leaves.append((prefix + "_feedbacktimer", scale.feedbackTimer?.pyValue ?? .none))
            leaves.append((prefix + "_feedbacktype", scale.feedbackType.map { .string($0.rawValue) } ?? .none))
        }
        return leaves
    }
}
