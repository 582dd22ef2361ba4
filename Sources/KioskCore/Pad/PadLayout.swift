/// Where the pad, its images and the on-screen controls sit on the canvas (origin bottom
/// left, y up), and how canvas points become pad pixels (origin top left, y down).
///
/// As InteractLog does, the pad is as large as the largest of the size asked for, the first
/// stimulus and the input mask, and every image is drawn unscaled at the offset that centres
/// the first image shown (docs/drawing-pad.md: The pad).
public struct PadLayout: Hashable, Sendable {
    public var canvas: Canvas
    public var padWidth: Int
    public var padHeight: Int
    /// The pad on the canvas, on whole pixels.
    public var pad: Rect
    /// Where every image's top-left corner sits, in pad pixels.
    public var imageOffsetX: Int
    public var imageOffsetY: Int
    /// The row of on-screen controls under the pad; empty when there are none.
    public var controls: Rect

    public static let controlHeight = 96.0
    static let controlGap = 24.0

    public struct DoesNotFit: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// - Parameter imageSizes: the pixel size of every image the configuration names, by path.
    public init(configuration: PadConfiguration, imageSizes: [String: (width: Int, height: Int)], canvas: Canvas) throws(DoesNotFit) {
        self.canvas = canvas
        func size(_ path: String?) -> (width: Int, height: Int)? { path.flatMap { imageSizes[$0] } }
        var width = configuration.padWidth, height = configuration.padHeight
        for grown in [size(configuration.stimulusImages.first), size(configuration.inputMask)].compactMap({ $0 }) {
            width = max(width, grown.width)
            height = max(height, grown.height)
        }
        padWidth = width
        padHeight = height
        let first = size(configuration.familiarisationImage ?? configuration.stimulusImages.first ?? configuration.inputMask)
        imageOffsetX = first.map { (width - $0.width) / 2 } ?? 0
        imageOffsetY = first.map { (height - $0.height) / 2 } ?? 0

        let controlsHeight = configuration.onScreenControls ? Self.controlHeight + Self.controlGap : 0
        guard Double(width) <= canvas.width, Double(height) + controlsHeight <= canvas.height else {
            let extra = configuration.onScreenControls ? " with its on-screen controls (\(Int(controlsHeight)) px below it; `on-screen controls :false` removes them)" : ""
            throw DoesNotFit(description: "the pad (\(width)×\(height) px)\(extra) does not fit the screen (\(Int(canvas.width))×\(Int(canvas.height)) px)")
        }
        let left = ((canvas.width - Double(width)) / 2).rounded(.down)
        let bottomOfAll = ((canvas.height - Double(height) - controlsHeight) / 2).rounded(.down)
        pad = Rect(left: left, bottom: bottomOfAll + controlsHeight, width: Double(width), height: Double(height))
        controls = configuration.onScreenControls
            ? Rect(left: left, bottom: bottomOfAll, width: Double(width), height: Self.controlHeight) : .empty
    }

    /// A canvas point in pad pixels, floored, as InteractLog logs button events.
    public func padPixel(_ p: Point) -> (x: Int, y: Int) {
        let (x, y) = padOffset(p)
        return (Int(x.rounded(.down)), Int(y.rounded(.down)))
    }

    /// A canvas point in pad pixels, unrounded.
    public func padOffset(_ p: Point) -> (x: Double, y: Double) {
        (p.x - pad.left, pad.top - p.y)
    }

    /// Where an image of this size is drawn on the canvas.
    public func imageBox(width: Int, height: Int) -> Rect {
        Rect(left: pad.left + Double(imageOffsetX), bottom: pad.top - Double(imageOffsetY) - Double(height),
             width: Double(width), height: Double(height))
    }
}
