/// `_img.png`: the ink over the input mask, at the pad's size, drawn from what the journal
/// holds so that a recovered trial gets the same picture as a finished one. Unlike
/// InteractLog, which leaves the pad black where no mask covers it, the pad starts in its
/// background colour.
public struct PadInkPicture: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var background: Color
    public var ink: Color
    public var lineWidth: Double
    /// The mask's file and where its top-left corner sits on the pad.
    public var mask: Mask?

    public struct Mask: Hashable, Sendable {
        public var path: String
        public var x: Int
        public var y: Int
    }

    /// The journal's information line that places the mask.
    public static func maskInformation(path: String, x: Int, y: Int) -> String { "input mask: \(x),\(y) \(path)" }

    /// Reads the picture's settings from a trial's header lines and information lines.
    public init?(headerLines: [String], information: [String]) {
        func value(_ label: String) -> String? {
            headerLines.first { $0.hasPrefix(label + " ") || $0.hasPrefix(label + ":") }
                .map { String($0.dropFirst(InteractLogHeader.labelWidth + 1)) }
        }
        func numbers(_ text: String?) -> [Int] { text.map { $0.split(separator: ",").compactMap { Int($0) } } ?? [] }
        let size = numbers(value("Drawing Pad Size")), stroke = numbers(value("Stroke Colour")), back = numbers(value("Background Colour"))
        guard size.count == 2, stroke.count == 4, back.count == 4, let width = value("Stroke Width").flatMap(Double.init) else { return nil }
        self.width = size[0]
        self.height = size[1]
        ink = Color(stroke[0], stroke[1], stroke[2], stroke[3])
        background = Color(back[0], back[1], back[2], back[3])
        lineWidth = width
        mask = nil
        let prefix = "input mask: "
        if let line = information.first(where: { $0.hasPrefix(prefix) }) {
            let rest = line.dropFirst(prefix.count)
            if let space = rest.firstIndex(of: " ") {
                let at = numbers(String(rest[..<space]))
                if at.count == 2 { mask = Mask(path: String(rest[rest.index(after: space)...]), x: at[0], y: at[1]) }
            }
        }
    }

    /// The picture on a canvas of the pad's size; `maskSize` is the mask's size in pixels.
    public func drawList(ink strokes: [[Point]], maskSize: (width: Int, height: Int)?) -> DrawList {
        let canvas = Canvas(width: Double(width), height: Double(height))
        var list = DrawList(canvas: canvas)
        list.fill(canvas.bounds, background)
        if let mask, let maskSize {
            list.image(mask.path, in: Rect(left: Double(mask.x), bottom: Double(height - mask.y - maskSize.height),
                                           width: Double(maskSize.width), height: Double(maskSize.height)))
        }
        let flipped = strokes.map { $0.map { Point($0.x, Double(height) - $0.y) } }
        list.append(.ink(InkLayer(id: 0, generation: 0, box: canvas.bounds, color: ink, lineWidth: lineWidth, strokes: flipped)))
        return list
    }
}
