/// What the communications widgets show, held as OpenMATB's widgets hold it. Refreshing it
/// logs a `state` row per property that changes (docs/openmatb-behaviour.md: Communications); drawing reads
/// only this, so the screen changes exactly when a row says so.
struct CommunicationsDisplay: Hashable, Sendable {
    /// One radio widget.
    struct Radio: Hashable, Sendable {
        var name: String
        /// The selection triangles are shown (`radio_X, selected`).
        var isSelected: Bool
        /// `NAV 1` + 7 tabs + the frequency rounded to 0.1.
        var text: String
        /// The frequency the text shows, rounded to 0.1: refreshing compares it rather than
        /// building the text every frame.
        var shownFrequency: Double
        /// The feedback outline colour; the background colour hides it.
        var feedbackColor: PyValue
    }

    /// The callsign line: `Callsign \t\t HSR259` when created, then the bare callsign.
    var callsignText: String
    var radios: [Radio]

    /// The widgets as `start` creates them.
    init(state: CommunicationsState, language: Language) {
        callsignText = Translations.text("Callsign \t\t %s", language, state.ownCallsign)
        radios = state.radios.map { radio in
            Radio(name: radio.name, isSelected: radio.isActive, text: Self.text(radio.name, radio.frequencyMHz),
                  shownFrequency: PythonRounding.round1(radio.frequencyMHz), feedbackColor: .color(.background))
        }
    }

    /// A radio's label: its name with a space, seven tabs, the frequency to one decimal.
    static func text(_ name: String, _ frequencyMHz: Double) -> String {
        name.replacing("_", with: " ") + String(repeating: "\t", count: 7) + PythonRounding.round1(frequencyMHz).pythonRepr
    }

    /// The widget name of a radio, as its rows address it.
    static func widgetName(_ radio: String) -> String { "radio_\(radio)" }

    /// OpenMATB's radio widget logs its selection every time it is shown (`Radio.show`).
    mutating func didShow(_ context: inout TaskContext) {
        for radio in radios where radio.isSelected {
            context.logState(Self.widgetName(radio.name), "selected", .bool(true))
        }
    }

    /// Brings the widgets up to date: the callsign, then each radio's selection, frequency
    /// and feedback outline.
    mutating func refresh(state: CommunicationsState, parameters: ParameterValues, context: inout TaskContext) {
        if callsignText != state.ownCallsign {
            callsignText = state.ownCallsign
            context.logState("callsign", "text", .string(callsignText))
        }
        for (index, radio) in state.radios.enumerated() {
            if radios[index].isSelected != radio.isActive {
                radios[index].isSelected = radio.isActive
                context.logState(Self.widgetName(radio.name), "selected", .bool(radio.isActive))
            }
            let shown = PythonRounding.round1(radio.frequencyMHz)
            if shown != radios[index].shownFrequency || radio.name != radios[index].name {
                let text = Self.text(radio.name, radio.frequencyMHz)
                radios[index].shownFrequency = shown
                radios[index].name = radio.name
                if text != radios[index].text {
                    radios[index].text = text
                    context.logState(Self.widgetName(radio.name), "radio_frequency", .float(radio.frequencyMHz))
                }
            }
            let color = radio.feedback.map { parameters["feedbacks-\($0.rawValue)-color"] } ?? .color(.background)
            if !ResmanDisplay.sameColor(color, radios[index].feedbackColor) {
                radios[index].feedbackColor = color
                context.logState(Self.widgetName(radio.name), "feedback_color", color)
            }
        }
    }
}
