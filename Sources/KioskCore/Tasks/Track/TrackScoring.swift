/// Track's metrics (docs/openmatb-behaviour.md: Tracking): whether the displayed cursor is in the target, its
/// distance from the centre, and how long it stayed out.
enum TrackScoring {
    /// Whether a cursor at `absolute` lies within `radius` of `center` (edge included);
    /// `nil` when there is no target (logged `nan`).
    static func isInTarget(absolute: TrackVector, center: TrackVector, radius: Double) -> Bool? {
        guard radius > 0 else { return nil }
        let dx = absolute.x - center.x, dy = absolute.y - center.y
        return radius >= (dx * dx + dy * dy).squareRoot()
    }

    /// The cursor's distance from the centre (`center_deviation`).
    static func deviation(_ relative: TrackVector) -> Double {
        (relative.x * relative.x + relative.y * relative.y).squareRoot()
    }

    /// Counts one update out of the target, or ends a period out of it.
    /// - Returns: the `response_time` to log when the cursor is back in the target after
    ///   having left it; `nil` otherwise. With no target nothing is counted.
    static func countResponseTime(inTarget: Bool?, _ responseTime: inout PythonNumber, period: PythonNumber) -> PythonNumber? {
        if inTarget == false {
            responseTime = responseTime + period
            return nil
        }
        guard responseTime.doubleValue > 0 else { return nil }
        defer { responseTime = .int(0) }
        return responseTime
    }

    /// The `cursor_in_target` value: 1/0, or `nan` with no target.
    static func inTargetValue(_ inTarget: Bool?) -> PyValue {
        inTarget.map(PyValue.bool) ?? .float(.nan)
    }
}
