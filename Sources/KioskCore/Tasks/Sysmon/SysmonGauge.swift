/// One of sysmon's six gauges, by zero-based index: scales 0...3 (`scales-1`…`scales-4`),
/// lights 0...1 (`lights-1`, `lights-2`).
enum SysmonGauge: Hashable, Sendable {
    case scale(Int)
    case light(Int)

    /// Every gauge in OpenMATB's gauge order: scales 1–4, then lights 1–2.
    ///
    /// Failures are checked, and a key finds its gauge, in this order.
    static let all: [SysmonGauge] = (0..<4).map(SysmonGauge.scale) + (0..<2).map(SysmonGauge.light)

    /// The widget name in `state` and `aoi` rows: `scale1`…`scale4`, `light1`, `light2`.
    var widgetName: String {
        switch self {
        case .scale(let i): "scale\(i + 1)"
        case .light(let i): "light\(i + 1)"
        }
    }
}
