/// What one frame shows, as data: commands in paint order, in the coordinates of a
/// reference canvas.
public struct DrawList: Hashable, Sendable {
    /// The canvas every command is expressed in (OpenMATB's 1920×1080 layout for MATB).
    public var canvas: Canvas
    public private(set) var commands: [DrawCommand] = []

    public init(canvas: Canvas = .openMATB) {
        self.canvas = canvas
    }

    public mutating func append(_ command: DrawCommand) { commands.append(command) }
    public mutating func append(contentsOf other: DrawList) { commands.append(contentsOf: other.commands) }

    public mutating func fill(_ rect: Rect, _ color: Color) { commands.append(.fillRect(rect, color)) }
    public mutating func stroke(_ rect: Rect, _ color: Color, lineWidth: Double = 2) {
        commands.append(.strokeRect(rect, color, lineWidth: lineWidth))
    }
    public mutating func line(_ a: Point, _ b: Point, _ color: Color, lineWidth: Double = 2) {
        commands.append(.line(a, b, color, lineWidth: lineWidth))
    }
    public mutating func text(_ string: String, in box: Rect, _ style: TextStyle) {
        commands.append(.text(string, box: box, style))
    }
    public mutating func richText(_ text: RichText, in box: Rect, verticalAlignment: TextStyle.VerticalAlignment = .center) {
        commands.append(.richText(text, box: box, verticalAlignment: verticalAlignment))
    }

    public mutating func image(_ name: String, in box: Rect) {
        commands.append(.image(name, box: box))
    }

    public var isEmpty: Bool { commands.isEmpty }
}
