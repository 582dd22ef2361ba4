/// The reference canvas a block draws on and receives pointer positions in, in layout units
/// with the origin at the bottom left. The shell scales it, one factor for both axes, to the
/// window.
public struct Canvas: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// OpenMATB's layout at 1920×1080, where MATB simulates and logs whatever the screen.
    public static let openMATB = Canvas(width: 1920, height: 1080)

    /// The whole canvas as a rectangle.
    public var bounds: Rect { Rect(left: 0, bottom: 0, width: width, height: height) }
}
