/// One pseudo-random draw together with the seed it was drawn from.
///
/// OpenMATB logs every draw as two rows: `seed_value` (the seed) then `seed_output` (the
/// value). Carrying both lets the caller write those rows without the drawing code
/// knowing about logs.
public struct SeededDraw<Value> {
    /// The integer the generator was reseeded with just before the draw.
    public var seed: Int
    /// What the draw produced (for `uniform`, the unrounded value OpenMATB logs).
    public var value: Value

    /// A draw made from `seed`.
    public init(seed: Int, value: Value) {
        self.seed = seed
        self.value = value
    }
}

extension SeededDraw: Equatable where Value: Equatable {}
extension SeededDraw: Hashable where Value: Hashable {}
extension SeededDraw: Sendable where Value: Sendable {}
