extension Color {
    /// The colour a parameter value stands for: a 4-tuple (or list) of 0...255 numbers, as
    /// OpenMATB's colour validator stores them; floats are rounded and every component is clamped
    /// to 0...255.
    ///
    /// `nil` for anything else.
    public init?(pyValue: PyValue) {
        let items: [PyValue]
        switch pyValue {
        case .tuple(let values), .list(let values): items = values
        default: return nil
        }
        guard items.count == 4 else { return nil }
        func component(_ value: PyValue) -> Int? {
            guard let number = value.number, number.isFinite else { return nil }
            return Int(min(255, max(0, number.rounded())))
        }
        guard let r = component(items[0]), let g = component(items[1]), let b = component(items[2]),
              let a = component(items[3]) else { return nil }
        self.init(r, g, b, a)
    }
}
