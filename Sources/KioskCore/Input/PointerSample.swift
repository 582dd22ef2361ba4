/// The tools a pointer event can come from.
public enum PointerTool: String, Hashable, Sendable, CaseIterable {
    case mouse, finger, pen, eraser
}

/// What a device reports of a pointer beyond its position, as it reports it: whether the
/// tool touches the surface or hovers above it, how hard it presses and how it is tilted.
/// Drawing-pad logs keep every sample with these; MATB's tasks read positions only.
public struct PointerSample: Hashable, Sendable {
    /// Touching the surface (a mouse with its button held), rather than hovering.
    public var inContact: Bool
    /// Normalised pressure, 0 (none) to 1 (the device's maximum); `nil` when not reported.
    public var pressure: Double?
    /// How the tool leans; `nil` when not reported.
    public var tilt: Tilt?

    public init(inContact: Bool, pressure: Double? = nil, tilt: Tilt? = nil) {
        self.inContact = inContact
        self.pressure = pressure
        self.tilt = tilt
    }

    /// Tilt of the tool from the vertical towards +x and +y of the canvas, in degrees (−90…90).
    public struct Tilt: Hashable, Sendable {
        public var xDegrees: Double
        public var yDegrees: Double

        public init(xDegrees: Double, yDegrees: Double) {
            self.xDegrees = xDegrees
            self.yDegrees = yDegrees
        }
    }
}
