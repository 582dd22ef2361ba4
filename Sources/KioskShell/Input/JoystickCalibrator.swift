import KioskCore
import KioskData

/// Calibrates the monitored joystick in two timed steps: at rest, then round its edges.
public enum JoystickCalibrator {
    /// Samples per second in each step.
    static let samplesPerSecond = 100.0

    /// Runs the two steps, telling the person at the stick what to do through `say`.
    ///
    /// - Parameters:
    ///   - restSeconds: how long to sample the stick left at rest.
    ///   - rangeSeconds: how long to sample the stick moved round its edges.
    public static func run(_ monitor: JoystickMonitor, restSeconds: Double, rangeSeconds: Double,
                           say: (String) -> Void) throws -> JoystickCalibration.Entry {
        let waitUntil = MonotonicClock.now().nanoseconds + 3_000_000_000
        while monitor.snapshot == nil && MonotonicClock.now().nanoseconds < waitUntil {
            monitor.poll()
            MonotonicClock.sleep(until: MonotonicTime(nanoseconds: MonotonicClock.now().nanoseconds + 10_000_000))
        }
        guard let first = monitor.snapshot, let key = monitor.calibrationKey, let info = monitor.axisInfo else {
            let messages = monitor.takeMessages()
            throw ShellError("no joystick found to calibrate" + (messages.isEmpty ? "" : ": " + messages.joined(separator: "; ")))
        }
        var recorder = CalibrationRecorder()
        say("Calibrating \(first.label).\nStep 1 of 2: leave the stick at rest, hands off, for \(format(restSeconds)) s…")
        sample(monitor, seconds: restSeconds) { recorder.addRestSample(x: Int32($0.rawX), y: Int32($0.rawY)) }
        say("Step 2 of 2: move the stick slowly round all its edges, several times, for \(format(rangeSeconds)) s…")
        sample(monitor, seconds: rangeSeconds) { recorder.addRangeSample(x: Int32($0.rawX), y: Int32($0.rawY)) }
        switch recorder.result(xInfo: info.x, yInfo: info.y) {
        case .success(let axes):
            return JoystickCalibration.Entry(backend: key.backend, device: key.device, x: axes.x, y: axes.y)
        case .failure(let failure):
            throw ShellError("calibration failed: \(failure.description)")
        }
    }

    private static func sample(_ monitor: JoystickMonitor, seconds: Double, _ take: (JoystickMonitor.Snapshot) -> Void) {
        let period = Int64(1e9 / samplesPerSecond)
        let start = MonotonicClock.now().nanoseconds
        var next = start
        while next - start < Int64(seconds * 1e9) {
            monitor.poll()
            if let snapshot = monitor.snapshot { take(snapshot) }
            next += period
            MonotonicClock.sleep(until: MonotonicTime(nanoseconds: next))
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
