/// What sysmon's widgets show, as OpenMATB's widgets hold it: each refresh compares the
/// state with it and logs one `state` row per property that changed (docs/openmatb-behaviour.md: System
/// monitoring).
struct SysmonDisplay: Equatable {
    /// Arrow index shown on each scale.
    ///
    /// A new scale widget reports 5 whatever it draws.
    var arrows = [Int](repeating: 5, count: 4)
    var feedbackVisible = [Bool](repeating: false, count: 4)
    /// A new scale's feedback strip is green, so a first positive feedback logs only its visibility.
    var feedbackColors = [PyValue](repeating: .color(.green), count: 4)
    var lightColors: [PyValue]
    var scaleLabels: [String]
    var lightLabels: [String]

    /// The widgets as `start` creates them.
    init(_ parameters: SysmonParameters) {
        lightColors = parameters.lights.map(Self.color(of:))
        scaleLabels = parameters.scales.map { $0.name.uppercased() }
        lightLabels = parameters.lights.map { $0.name.uppercased() }
    }

    /// A light's colour: its on colour when lit, the background otherwise.
    static func color(of light: SysmonParameters.Light) -> PyValue {
        light.isOn ? light.onColor : .color(.background)
    }

    /// Brings the widgets up to date and returns the `(widget, attribute, value)` of each
    /// change, in OpenMATB's refresh order: per scale arrow, feedback colour, feedback
    /// visibility; then light colours (background and border); then labels.
    mutating func refresh(_ state: SysmonState, _ parameters: SysmonParameters) -> [(widget: String, attribute: String, value: PyValue)] {
        var changes: [(String, String, PyValue)] = []
        for (i, scale) in state.scales.enumerated() {
            let widget = SysmonGauge.scale(i).widgetName
            if scale.position != arrows[i] {
                arrows[i] = scale.position
                changes.append((widget, "arrow", .int(scale.position)))
            }
            if scale.feedbackTimer != nil, let type = scale.feedbackType {
                let color = parameters.feedback(type).color
                if !WidgetColor.same(color, feedbackColors[i]) {
                    feedbackColors[i] = color
                    changes.append((widget, "feedback_color", color))
                }
                if !feedbackVisible[i] {
                    feedbackVisible[i] = true
                    changes.append((widget, "feedback_visible", .bool(true)))
                }
            } else if feedbackVisible[i] {
                feedbackVisible[i] = false
                changes.append((widget, "feedback_visible", .bool(false)))
            }
        }
        for (i, light) in parameters.lights.enumerated() {
            let color = Self.color(of: light)
            guard !WidgetColor.same(color, lightColors[i]) else { continue }
            lightColors[i] = color
            let widget = SysmonGauge.light(i).widgetName
            changes.append((widget, "background", color))
            changes.append((widget, "border", .color(.black)))
        }
        for (i, scale) in parameters.scales.enumerated() where scale.name.uppercased() != scaleLabels[i] {
            scaleLabels[i] = scale.name.uppercased()
            changes.append((SysmonGauge.scale(i).widgetName, "label", .string(scaleLabels[i])))
        }
        for (i, light) in parameters.lights.enumerated() where light.name.uppercased() != lightLabels[i] {
            lightLabels[i] = light.name.uppercased()
            changes.append((SysmonGauge.light(i).widgetName, "label", .string(lightLabels[i])))
        }
        return changes
    }
}
