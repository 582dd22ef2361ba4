/// Colour comparison as OpenMATB's widgets make it.
enum WidgetColor {
    /// Whether two colour parameter values show the same colour.
    ///
    /// OpenMATB keeps vertex colours as bytes, so `(241.0, 100, 100, 255)` equals `(241, 100, 100,
    /// 255)` and setting one after the other logs nothing.
    static func same(_ a: PyValue, _ b: PyValue) -> Bool {
        guard let ca = Color(pyValue: a), let cb = Color(pyValue: b) else { return a == b }
        return ca == cb
    }
}
