import RealModule

/// One stroke of a simulated pen (``BehaviourModel/Drawing``): a built-in shape traced at the
/// model's speed, reported `sampleRateHz` times a second as a pen's driver reports it, each
/// sample with its own time, pressure and tilt. The pen wavers: each sample's offset from the
/// shape keeps nine tenths of the last one's plus new noise, `jitterPx` its standard deviation.
/// Pressure is drawn for the stroke and rises over its first 30 ms and falls over its last, as
/// a pen lands and lifts; tilt is drawn for the stroke. Pressure is reported in 8192 levels and
/// tilt in whole degrees, as a Wacom-class pen reports them.
struct SimulatedPenStroke {
    /// The pen's tip, as the kernel names a stylus's tool.
    static let pen = InputEvent.Pointer.pen(1)
    static let pressureLevels = 8191.0
    static let landingSeconds = 0.03

    /// The stroke's inputs, from the pen's touching down at `start` to its lifting.
    /// - Parameters:
    ///   - centre: the shape's centre, in pad pixels (origin top left, y down).
    ///   - sizePx: the shape's width and height, in pad pixels.
    ///   - canvasPoint: where a pad pixel lies on the canvas.
    static func inputs(_ drawing: BehaviourModel.Drawing, centre: (x: Double, y: Double), sizePx: Double, start: MonotonicTime,
                       canvasPoint: ((x: Double, y: Double)) -> Point, generator: inout SplitMix64) -> [InputEvent] {
        let lengthPx = pathLength(drawing.shape) * sizePx
        let seconds = lengthPx / drawing.speedPxPerSecond
        let intervals = max(1, Int((seconds * drawing.sampleRateHz).rounded(.up)))
        let level = min(1, max(0.05, drawing.pressureMean + drawing.pressureStandardDeviation * ExGaussian.standardNormal(&generator)))
        let tiltSpread = drawing.tiltStandardDeviationDegrees
        let tiltX = min(90, max(-90, drawing.tiltXDegrees + tiltSpread * ExGaussian.standardNormal(&generator))).rounded()
        let tiltY = min(90, max(-90, drawing.tiltYDegrees + tiltSpread * ExGaussian.standardNormal(&generator))).rounded()
        // The canvas's y runs up the screen, the pad's down it.
        let tilt = PointerSample.Tilt(xDegrees: tiltX, yDegrees: -tiltY)
        let kept = 0.9, fresh = drawing.jitterPx * (1 - kept * kept).squareRoot()
        var offset = (x: drawing.jitterPx * ExGaussian.standardNormal(&generator), y: drawing.jitterPx * ExGaussian.standardNormal(&generator))
        var events: [InputEvent] = []
        for index in 0...intervals {
            let elapsed = Double(index) / drawing.sampleRateHz
            let along = min(1, elapsed / seconds)
            if index > 0 {
                offset = (kept * offset.x + fresh * ExGaussian.standardNormal(&generator), kept * offset.y + fresh * ExGaussian.standardNormal(&generator))
            }
            let unit = point(drawing.shape, along)
            let position = canvasPoint((centre.x + unit.x * sizePx + offset.x, centre.y + unit.y * sizePx + offset.y)).asPointerReportsIt
            let landing = min(1, 0.3 + 0.7 * min(elapsed, max(0, seconds - elapsed)) / landingSeconds)
            let pressure = index == intervals ? 0 : (level * landing * pressureLevels).rounded() / pressureLevels
            let payload: InputEvent.Payload = index == 0 ? .pointerDown(position, pen)
                : index == intervals ? .pointerUp(position, pen) : .pointerMove(position, pen)
            events.append(InputEvent(time: MonotonicTime(nanoseconds: start.nanoseconds + Int64((elapsed * 1e9).rounded())), payload,
                                     pointerSample: PointerSample(inContact: index < intervals, pressure: pressure, tilt: tilt)))
        }
        return events
    }

    /// A point of the shape, `along` (0 to 1) its path, in a unit square centred on 0 (y down).
    static func point(_ shape: BehaviourModel.Drawing.Shape, _ along: Double) -> (x: Double, y: Double) {
        let turn = 2 * Double.pi * along
        switch shape {
        case .line: return (along - 0.5, 0)
        case .circle: return (0.5 * Double.cos(turn), 0.5 * Double.sin(turn))
        // Standing upright, both loops drawn from the crossing.
        case .figureEight: return (0.3 * Double.sin(2 * turn), -0.5 * Double.sin(turn))
        }
    }

    /// The length of the shape's path in a unit square.
    static func pathLength(_ shape: BehaviourModel.Drawing.Shape) -> Double {
        let steps = 1000
        var length = 0.0
        var last = point(shape, 0)
        for step in 1...steps {
            let next = point(shape, Double(step) / Double(steps))
            length += ((next.x - last.x) * (next.x - last.x) + (next.y - last.y) * (next.y - last.y)).squareRoot()
            last = next
        }
        return length
    }
}
