/// The finished strokes of a drawing pad, drawn as one layer clipped to the pad.
///
/// Thousands of strokes must not cost a frame anything while they stay the same, so two
/// layers are equal when their identity, generation and stroke count agree: the shell keeps
/// the layer painted and adds only strokes it has not drawn yet; a new generation (strokes
/// taken away) repaints it whole.
public struct InkLayer: Hashable, Sendable {
    /// Tells the layers of one block apart.
    public var id: Int
    /// Bumped whenever a stroke is taken away.
    public var generation: Int
    /// The pad, on the canvas; ink outside it is not shown.
    public var box: Rect
    public var color: Color
    public var lineWidth: Double
    /// Finished strokes on the canvas, oldest first; new ones are only ever appended.
    public var strokes: [[Point]]

    public init(id: Int, generation: Int, box: Rect, color: Color, lineWidth: Double, strokes: [[Point]]) {
        self.id = id
        self.generation = generation
        self.box = box
        self.color = color
        self.lineWidth = lineWidth
        self.strokes = strokes
    }

    public static func == (a: InkLayer, b: InkLayer) -> Bool {
        a.id == b.id && a.generation == b.generation && a.strokes.count == b.strokes.count
            && a.box == b.box && a.color == b.color && a.lineWidth == b.lineWidth
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(generation)
        hasher.combine(strokes.count)
        hasher.combine(box)
    }
}
