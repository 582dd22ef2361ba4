/// A drawing-pad trial drawn at any moment of its samples file: the image on screen, every
/// stroke drawn by then (less those undone or erased by then) and the pointer, on the pad, in
/// the pad's own pixels (docs/replay.md).
public struct PadTrialReplay: Sendable {
    public let samples: PadSamplesFile
    /// The first row's time.
    public let start: MonotonicTime
    /// From the first row to the last, in nanoseconds.
    public let duration: Int64
    /// The ink, as the pad's defaults draw it (the samples file does not name the colour).
    public var inkColor = PadConfiguration().strokeColour
    public var inkWidth = PadConfiguration().strokeWidth

    public init(samples: PadSamplesFile) {
        self.samples = samples
        let times = samples.rows.map(\.eventTime.nanoseconds)
        start = MonotonicTime(nanoseconds: times.min() ?? 0)
        duration = (times.max() ?? 0) - start.nanoseconds
    }

    /// The canvas: the pad, with room under it for the replay's band.
    public var canvas: Canvas { Canvas(width: samples.padWidth, height: samples.padHeight + ReplayOverlay.bandHeight) }

    /// The names of the images the trial showed, in the order they first showed.
    public var imageNames: [String] {
        var names: [String] = []
        for name in samples.rows.compactMap(\.onScreen) where !names.contains(name) { names.append(name) }
        return names
    }

    /// The stroke being drawn or the last one drawn by `wall` (nanoseconds after the start), the phase and image then.
    public func moment(at wall: Int64) -> (stroke: Int?, phase: String?, image: String?) {
        let now = start.nanoseconds + wall
        // An uncertain onset's row names no image or phase: it only marks a main-file line.
        let last = samples.rows.last { $0.eventTime.nanoseconds <= now && $0.kind != .uncertain }
        let stroke = samples.rows.last { $0.eventTime.nanoseconds <= now && $0.stroke != nil }?.stroke
        return (stroke, last?.phase, last?.onScreen)
    }

    /// The pad at `wall` nanoseconds after the start.
    /// - Parameter imageSize: each image's size in pixels, or nil when it cannot be shown.
    public func draw(at wall: Int64, imageSize: (String) -> (width: Double, height: Double)?, into list: inout DrawList) {
        let now = start.nanoseconds + wall
        let pad = Rect(left: 0, bottom: ReplayOverlay.bandHeight, width: samples.padWidth, height: samples.padHeight)
        list.fill(pad, .white)
        // Pad pixels are y-down from the pad's top left; the canvas is y-up.
        func point(_ x: Double, _ y: Double) -> Point { Point(x, pad.top - y) }
        func image(_ name: String, at x: Double, _ y: Double) {
            guard let size = imageSize(name) else {
                list.text("\(name) (not found)", in: Rect(left: pad.left, bottom: pad.top - 40, width: pad.width, height: 40),
                          TextStyle(pointSize: 14, color: .red))
                return
            }
            list.image(name, in: Rect(left: x, bottom: pad.top - y - size.height, width: size.width, height: size.height))
        }
        let shown = moment(at: wall).image
        let offset = samples.mask.map { (x: $0.x, y: $0.y) } ?? (x: 0, y: 0)
        if shown == nil, let mask = samples.mask { image(mask.path, at: mask.x, mask.y) }
        if let shown { image(shown, at: offset.x, offset.y) }

        var strokes: [Int: [Point]] = [:]
        var removed = Set<Int>()
        var pointer: (Point, down: Bool)?
        for row in samples.rows where row.eventTime.nanoseconds <= now {
            switch row.kind {
            case .sample:
                guard let x = row.x, let y = row.y else { continue }
                pointer = (point(x, y), row.contact == .down || row.contact == .move)
                if let stroke = row.stroke, row.contact != .hover, row.contact != .leave { strokes[stroke, default: []].append(point(x, y)) }
                if row.contact == .up || row.contact == .leave { pointer?.down = false }
            case .undo, .erase:
                removed.formUnion(row.detail.split { !$0.isNumber }.compactMap { Int($0) })
            case .control, .dropped, .device, .uncertain:
                continue
            }
        }
        for (number, points) in strokes.sorted(by: { $0.key < $1.key }) where !removed.contains(number) {
            if points.count == 1 {
                list.append(.fillCircle(center: points[0], radius: inkWidth / 2, inkColor))
            } else {
                list.append(.polyline(points, inkColor, lineWidth: inkWidth, closed: false))
            }
        }
        if let (at, down) = pointer {
            list.append(.strokeCircle(center: at, radius: down ? 10 : 7, Color(255, 150, 40, down ? 230 : 150), lineWidth: 3, dashed: !down))
        }
    }
}
