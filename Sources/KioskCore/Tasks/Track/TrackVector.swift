/// A point relative to the reticle centre, in reference units (OpenMATB's pixels at 1920×1080).
struct TrackVector: Hashable, Sendable {
    var x: Double
    var y: Double

    static let zero = TrackVector(x: 0, y: 0)
}
