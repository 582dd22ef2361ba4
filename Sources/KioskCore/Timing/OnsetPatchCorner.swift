/// The corner of the screen where a block's onset patch is drawn, under the light sensor
/// (`timing_patch` in a plan).
public enum OnsetPatchCorner: String, CaseIterable, Hashable, Sendable {
    case topLeft = "top-left"
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottomRight = "bottom-right"

    /// The patch's default side, in pixels: large enough for a photodiode's housing.
    public static let defaultSize = 40

    /// The square patch of `size` pixels in this corner of `canvas`.
    public func patch(size: Int, on canvas: Canvas) -> TimingPatch {
        let right = Int(canvas.width) - size, bottom = Int(canvas.height) - size
        switch self {
        case .topLeft: return TimingPatch(x: 0, y: 0, size: size)
        case .topRight: return TimingPatch(x: right, y: 0, size: size)
        case .bottomLeft: return TimingPatch(x: 0, y: bottom, size: size)
        case .bottomRight: return TimingPatch(x: right, y: bottom, size: size)
        }
    }
}
