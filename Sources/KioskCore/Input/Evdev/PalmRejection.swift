/// Ignores finger contacts while a pen is in range, so that the hand resting on a screen
/// tablet draws nothing.
///
/// Pens and touch usually come from separate evdev devices, so this sees every device's
/// reports in time order, after their decoders. A finger that touches while a pen is in range
/// is ignored until it lifts, even if the pen leaves meanwhile. Fingers already down when a
/// pen comes into range (the palm landing first) end there, with an `up` at the pen's time,
/// and are ignored until they lift.
public struct PalmRejection: Sendable {
    private var pensInRange: Set<InputEvent.Pointer> = []
    /// Fingers passed on and still down, with their last report (to end them).
    private var fingers: [InputEvent.Pointer: EvdevPointer.Report] = [:]
    /// Fingers down but ignored.
    private var ignored: Set<InputEvent.Pointer> = []

    public init() {}

    /// Whether a pen is in range or a finger is down: the window system may be reporting the
    /// same contact as mouse input.
    public var isSurfaceInUse: Bool { !pensInRange.isEmpty || !fingers.isEmpty || !ignored.isEmpty }

    /// The reports to pass on for `report`: none for an ignored finger; for a pen coming into
    /// range, the ends of the fingers it cuts short, then the pen's report.
    public mutating func filter(_ report: EvdevPointer.Report) -> [EvdevPointer.Report] {
        switch report.pointer.tool {
        case .pen, .eraser:
            var out: [EvdevPointer.Report] = []
            if report.inRange {
                if pensInRange.isEmpty {
                    for (pointer, last) in fingers.sorted(by: { Self.order($0.key) < Self.order($1.key) }) {
                        var end = last
                        end.time = report.time
                        end.phase = .up
                        end.sample.inContact = false
                        end.inRange = false
                        out.append(end)
                        ignored.insert(pointer)
                    }
                    fingers = [:]
                }
                pensInRange.insert(report.pointer)
            } else {
                pensInRange.remove(report.pointer)
            }
            return out + [report]
        case .finger:
            let lifted = report.phase == .up
            if ignored.contains(report.pointer) {
                if lifted { ignored.remove(report.pointer) }
                return []
            }
            if fingers[report.pointer] == nil && !pensInRange.isEmpty {
                if !lifted { ignored.insert(report.pointer) }
                return []
            }
            fingers[report.pointer] = lifted ? nil : report
            return [report]
        case .mouse:
            return [report]
        }
    }

    /// Fingers in id order, so fingers cut short end in the same order every run.
    private static func order(_ pointer: InputEvent.Pointer) -> Int64 {
        if case .finger(let id) = pointer { id } else { .min }
    }
}
