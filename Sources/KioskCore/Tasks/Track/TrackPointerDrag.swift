/// A mouse or finger drag in the tracking panel, used as a stick until the input-devices
/// layer supplies one: the deflection is the drag's offset from where it started, a quarter
/// of the reticle side giving full deflection, clamped to ±1; letting go springs back to 0.
struct TrackPointerDrag: Equatable {
    let pointer: InputEvent.Pointer
    /// Where the drag started (reference coordinates).
    let origin: Point
    /// Where the pointer is now.
    var current: Point
    /// The offset giving full deflection.
    let reach: Double

    init(pointer: InputEvent.Pointer, origin: Point, reticleSide: Double) {
        self.pointer = pointer
        self.origin = origin
        current = origin
        reach = max(reticleSide / 4, 1)
    }

    /// The stick deflection: x right +, y pulled back + (dragging up pushes the stick forward,
    /// which moves the cursor up).
    var stick: TrackVector {
        func axis(_ offset: Double) -> Double { min(1, max(-1, offset / reach)) }
        return TrackVector(x: axis(current.x - origin.x), y: axis(origin.y - current.y))
    }
}
