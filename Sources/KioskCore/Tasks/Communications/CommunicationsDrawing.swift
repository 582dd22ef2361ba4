/// Draws the communications task from what its widgets show (docs/openmatb-behaviour.md: Communications,
/// Widget looks): the callsign, four radios with their frequency, selection triangles and feedback outline,
/// and labkiosk's touch strip (− and + tune the selected radio, validate answers).
enum CommunicationsDrawing {
    /// Which touch controls are held down, to draw them pressed.
    struct PressedControls: Hashable, Sendable {
        var tuneDown = false
        var tuneUp = false
    }

    static func draw(
        _ widgets: CommunicationsDisplay, geometry: CommunicationsGeometry, pressed: PressedControls, language: Language,
        into list: inout DrawList
    ) {
        let small = TextStyle(pointSize: TextStyle.small)
        list.text(widgets.callsignText, in: geometry.callsign, small)
        for (row, radio) in widgets.radios.enumerated() {
            // OpenMATB's radio label is a one-line pyglet label, where a tab is drawn as one
            // space: name and frequency sit together in the middle, the triangles outside them.
            list.text(radio.text.replacing("\t", with: " "), in: geometry.radios[row], small)
            if radio.isSelected {
                for triangle in geometry.selectionTriangles(row: row) { list.append(.fillPolygon(triangle, .black)) }
            }
            let color = ParameterColor.color(radio.feedbackColor, fallback: .background)
            if color != .background { list.stroke(geometry.feedback(row: row), color) }
        }
        button("−", in: geometry.tuneDown, isPressed: pressed.tuneDown, into: &list)
        button(language == .fr ? "VALIDER" : "VALIDATE", in: geometry.validate, isPressed: false, into: &list)
        button("+", in: geometry.tuneUp, isPressed: pressed.tuneUp, into: &list)
    }

    /// A touch button: white with a grey outline, light grey while held.
    private static func button(_ label: String, in rect: Rect, isPressed: Bool, into list: inout DrawList) {
        list.fill(rect, isPressed ? .lightGrey : .white)
        list.stroke(rect, .grey)
        list.text(label, in: rect, TextStyle(pointSize: TextStyle.medium))
    }
}
