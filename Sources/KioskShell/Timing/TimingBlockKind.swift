import Glibc
import KioskCore
import KioskData

extension BlockKind {
    /// A check of the display against a light sensor: `labkiosk timing` as a block of a plan.
    public static let timing = BlockKind(plan: .timing, screenTitle: "A timing check", fileNoun: "timing file",
                                         recognises: { file in
                                             guard let root = file.document?.root else { return false }
                                             return (root.keys.contains("sensor") || root.keys.contains("line_in")) && root.keys.contains { $0.hasPrefix("patch") }
                                         }, log: nil) { request in
        let path = request.path
        switch FileDescriptorIO.readText(atPath: path) {
        case .success(let text): return TimingFile.read(text, file: path).map { LoadedTiming(file: $0, path: path) }
        case .failure(let refusal):
            return .failure(ScenarioErrors(diagnostics: [ScenarioDiagnostic(file: path, line: 1, column: 1, severity: .error,
                                                                            message: "cannot read the timing file: \(refusal.reason)")]))
        }
    }
}

/// A timing file loaded: its sensor is opened, and the display's presentation checked, when the block starts.
struct LoadedTiming: LoadedBlock {
    let file: TimingFile
    let path: String

    var images: [String: String] { [:] }
    var checkSummary: String {
        let place = file.findsPatch ? "where the search finds the light sensor \(file.sensor)" : "at \(file.patch.x),\(file.patch.y), light sensor \(file.sensor)"
        return "timing check: \(file.repeats * FlashSchedule.standardLengths.count) flashes \(place)"
    }

    func machineWarnings(file: String) -> [String] {
        sensorWarnings(file: file)
            + (self.file.response.map { access($0.device, R_OK) == 0 ? [] : ["\(file): the response device \($0.device) cannot be read on this machine"] } ?? [])
    }

    /// A capture device's presence is SDL's to tell once its audio is opened, so only a button input is looked for here.
    private func sensorWarnings(file: String) -> [String] {
        guard case .button(let device, _) = self.file.sensor, access(device, R_OK) != 0 else { return [] }
        return ["\(file): the light sensor \(device) cannot be read on this machine"]
    }

    func estimatedBytes(speed: Double) -> Double { 100 * Double(file.repeats * FlashSchedule.standardLengths.count) + 1000 }

    func host(_ request: BlockHostRequest) throws -> any BlockHost {
        let seed = blockSeed(title: path, kind: .timing, participant: request.participant, visit: request.block.visit, practiceRun: request.practiceRun)
        let schedule = FlashSchedule(repeats: file.repeats, seed: seed)
        let sensor: TimingSensor = switch file.sensor {
        case .button(let device, let key): .button(try LightSensorReader(path: device, keyCode: key))
        case .lineIn(let device): .lineIn(try LineInReader(deviceName: device, expectedSeconds: schedule.recordingSeconds))
        }
        return try TimingBlockHost(placement: file.findsPatch ? .search(patchSize: file.patch.size) : .at(file.patch), schedule: schedule, sensor: sensor,
                                   response: try file.response.map { (try LightSensorReader(path: $0.device, keyCode: $0.key, namedBy: "response",
                                                                                            role: .responseDevice), $0.delayMilliseconds) },
                                   canvas: request.canvas,
                                   context: request.blockContext, run: request.run)
    }
}
