/// One questionnaire slider's value and its rules (docs/openmatb-behaviour.md: Questionnaires).
///
/// The value starts as the item's integer default and becomes a float once moved, as in
/// OpenMATB, so the `performance` row shows `5` for an untouched item and `6.0` for a moved
/// one. Keys move it on a 20-step grid: `step = (max − min)/20`,
/// `k = round_half_even((value − min)/step)`, new value `min + (k ± 1)·step` clamped to the
/// bounds (an off-grid 37 goes to 40 on 0–100); a pointer sets it continuously.
public struct ScaleSlider: Hashable, Sendable {
    /// Horizontal zones of a slider row, left to right.
    public struct Zones: Hashable, Sendable {
        public var minimumLabel: Rect
        public var slide: Rect
        public var maximumLabel: Rect
        /// Only when the value is shown (`showvalue`).
        public var value: Rect?
    }

    /// Grid steps across the whole range.
    public static let gridSteps = 20

    public let scale: Questionnaire.Scale
    /// `.int` while untouched (the item's default), `.float` once moved.
    public private(set) var value: PyValue

    public init(_ scale: Questionnaire.Scale) {
        self.scale = scale
        value = .int(scale.initial)
    }

    public var numericValue: Double { value.number ?? Double(scale.initial) }

    /// Where the knob sits, 0 at the minimum and 1 at the maximum.
    public var fraction: Double {
        (numericValue - Double(scale.minimum)) / Double(scale.maximum - scale.minimum)
    }

    /// What a `slider_<k>, value` row logs: Python's `str()` of the value, unrounded.
    public var loggedText: String { value.pythonStr }

    /// The value shown beside the slider with `showvalue`: rounded half to even.
    public var displayedValue: Int { PythonRounding.roundToInt(numericValue) ?? scale.initial }

    /// Moves one grid step up (+1) or down (−1); returns whether the value changed.
    @discardableResult
    public mutating func step(by direction: Int) -> Bool {
        let minimum = Double(scale.minimum)
        let step = Double(scale.maximum - scale.minimum) / Double(Self.gridSteps)
        let k = PythonRounding.roundToInt((numericValue - minimum) / step) ?? 0
        let proposed = minimum + Double(k + direction) * step
        return set(.float(min(Double(scale.maximum), max(minimum, proposed))))
    }

    /// Sets the value at `fraction` of the range (a pointer on the groove), clamped to 0...1.
    @discardableResult
    public mutating func set(fraction: Double) -> Bool {
        let clamped = min(1, max(0, fraction))
        return set(.float(clamped * Double(scale.maximum - scale.minimum) + Double(scale.minimum)))
    }

    /// Changes the value unless the new one is close to it (Python's `math.isclose`).
    private mutating func set(_ new: PyValue) -> Bool {
        let old = numericValue, proposed = new.number ?? old
        guard abs(proposed - old) > 1e-9 * max(abs(proposed), abs(old)) else { return false }
        value = new
        return true
    }

    // MARK: Geometry

    /// The row split into label, slide and value zones: the slide takes 60 % of the width
    /// and the labels share the rest (20 % each, or 13.3 % each with the value shown).
    public static func zones(in row: Rect, showsValue: Bool) -> Zones {
        let labelWidth = row.width * 0.4 / (showsValue ? 3 : 2)
        let slideWidth = row.width * 0.6
        func zone(_ left: Double, _ width: Double) -> Rect { Rect(left: left, bottom: row.bottom, width: width, height: row.height) }
        let minimum = zone(row.left, labelWidth)
        let slide = zone(minimum.right, slideWidth)
        let maximum = zone(slide.right, labelWidth)
        return Zones(minimumLabel: minimum, slide: slide, maximumLabel: maximum, value: showsValue ? zone(maximum.right, labelWidth) : nil)
    }

    /// The thin track: 90 % of the slide zone's width, 5 % of the row's height, centred.
    public static func track(in slide: Rect) -> Rect { slide.reduced(widthFraction: 0.9, heightFraction: 0.05) }

    /// The zone the knob's centre moves along: 90 % of the slide zone's width, 20 % of its
    /// height, centred; its height is also the knob's radius.
    public static func groove(in slide: Rect) -> Rect { slide.reduced(widthFraction: 0.9, heightFraction: 0.2) }

    /// Where a touch or click grabs the slider: the whole slide zone, widened by the knob's
    /// radius, instead of OpenMATB's groove zone (a fifth of the row, too thin for a finger).
    public static func grabArea(in slide: Rect) -> Rect {
        let radius = groove(in: slide).height
        return Rect(left: slide.left - radius, bottom: slide.bottom, width: slide.width + 2 * radius, height: slide.height)
    }

    /// The knob's centre for this value.
    public func knobCenter(in slide: Rect) -> Point {
        let groove = Self.groove(in: slide)
        return Point(groove.left + fraction * groove.width, groove.centerY)
    }
}
