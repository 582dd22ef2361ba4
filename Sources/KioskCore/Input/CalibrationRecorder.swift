/// Works out a stick's calibration from raw readings taken in two steps: the stick left at
/// rest (its centre and its noise), then moved to every edge (its range).
///
/// The dead zone is the largest of the device's `flat`, its `fuzz`, and twice the largest
/// wobble seen at rest, so a stick at rest reads exactly 0.
public struct CalibrationRecorder: Hashable, Sendable {
    /// A calibration that could not be made, with what to do about it.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    private var restX: [Int32] = []
    private var restY: [Int32] = []
    private var lowX = Int32.max, highX = Int32.min
    private var lowY = Int32.max, highY = Int32.min

    public init() {}

    /// One reading taken while the stick is at rest.
    public mutating func addRestSample(x: Int32, y: Int32) {
        restX.append(x)
        restY.append(y)
        addRangeSample(x: x, y: y)
    }

    /// One reading taken while the stick is moved around its edges.
    public mutating func addRangeSample(x: Int32, y: Int32) {
        lowX = min(lowX, x)
        highX = max(highX, x)
        lowY = min(lowY, y)
        highY = max(highY, y)
    }

    /// The calibration for a device with `xInfo` and `yInfo` axes, or why there is none.
    public func result(xInfo: EvdevDeviceInfo.Axis, yInfo: EvdevDeviceInfo.Axis) -> Result<(x: AxisCalibration, y: AxisCalibration), Failure> {
        guard !restX.isEmpty else { return .failure(Failure(description: "no readings were taken with the stick at rest")) }
        do {
            let x = try axis("X", rest: restX, low: lowX, high: highX, info: xInfo, lowName: "left", highName: "right")
            let y = try axis("Y", rest: restY, low: lowY, high: highY, info: yInfo, lowName: "forward", highName: "back")
            return .success((x, y))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }

    private func axis(_ name: String, rest: [Int32], low: Int32, high: Int32, info: EvdevDeviceInfo.Axis, lowName: String, highName: String) throws -> AxisCalibration {
        let sorted = rest.sorted()
        let center = Double(sorted[sorted.count / 2])
        let wobble = rest.map { abs(Double($0) - center) }.max() ?? 0
        let dead = max(Double(max(info.flat, 0)), Double(max(info.fuzz, 0)), (2 * wobble).rounded(.up))
        let halfRange = Double(Int64(info.maximum) - Int64(info.minimum)) / 2
        guard halfRange > 0 else { throw Failure(description: "axis \(name) has no range (\(info.minimum)...\(info.maximum)); this device cannot be calibrated") }
        for (travel, direction) in [(center - Double(low), lowName), (Double(high) - center, highName)] {
            guard travel >= halfRange / 4 else {
                throw Failure(description: "the stick did not go far enough \(direction) (axis \(name) moved \(Int(travel)) of about \(Int(halfRange))); move it to every edge during the range step")
            }
            guard dead < travel / 2 else {
                throw Failure(description: "axis \(name) wobbles by \(Int(wobble)) at rest, too much for a usable dead zone; check the stick and try again")
            }
        }
        return AxisCalibration(minimum: Double(low), center: center, maximum: Double(high), deadZone: dead)
    }
}
