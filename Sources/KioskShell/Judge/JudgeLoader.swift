import FoundationEssentials
import KioskCore
import KioskData

/// Reads a judgement configuration, its trial lists and every image they name, so that
/// nothing starts on a bad file: each problem is reported with the file, line and column that
/// name it (docs/judge.md).
public enum JudgeLoader {
    public struct Loaded: Sendable {
        public var path: String
        public var configuration: JudgeConfiguration
        public var trials: JudgeTrialList
        public var practice: JudgeTrialList?
        /// Each image's file, by the path its list gives.
        public var images: [String: String]
        public var imageSizes: [String: PadLoader.Size]
    }

    public static func load(_ path: String) -> Result<Loaded, ScenarioErrors> {
        func failure(_ file: String, _ message: String) -> Result<Loaded, ScenarioErrors> {
            .failure(ScenarioErrors(diagnostics: [ScenarioDiagnostic(file: file, line: 0, column: 0, severity: .error, message: message)]))
        }
        let configuration: JudgeConfiguration
        switch FileDescriptorIO.readBlockFile(atPath: path).flatMap({ JudgeConfigurationReader.read($0, file: path) }) {
        case .success(let read): configuration = read
        case .failure(let errors): return .failure(errors)
        }
        let folder = FilePaths.folder(of: path)
        var problems: [ScenarioDiagnostic] = []
        func list(_ name: String, place: (line: Int, column: Int)) -> JudgeTrialList? {
            let file = FilePaths.resolve(name, in: folder)
            let text: String
            switch FileDescriptorIO.readText(atPath: file) {
            case .success(let read): text = read
            case .failure(let refusal):
                problems.append(ScenarioDiagnostic(file: path, line: place.line, column: place.column, severity: .error,
                                                   message: "cannot read the trial list \(file): \(refusal.reason)"))
                return nil
            }
            switch JudgeTrialList.read(text, file: file, configuration: configuration) {
            case .success(let read): return read
            case .failure(let errors):
                problems += errors.diagnostics
                return nil
            }
        }
        let trials = list(configuration.trials, place: configuration.trialsPlace)
        let practice = configuration.practice.flatMap { list($0, place: configuration.practicePlace) }
        guard let trials, problems.isEmpty else { return .failure(ScenarioErrors(diagnostics: problems)) }

        do { try ImageCodec.ensureAvailable() } catch { return failure(path, "\(error)") }
        var images: [String: String] = [:]
        var sizes: [String: PadLoader.Size] = [:]
        for listed in [trials] + (practice.map { [$0] } ?? []) {
            let listFolder = FilePaths.folder(of: listed.file)
            for trial in listed.trials where images[trial.image] == nil {
                let file = FilePaths.resolve(trial.image, in: listFolder)
                switch ImageCodec.size(ofFile: file) {
                case .success(let size):
                    images[trial.image] = file
                    sizes[trial.image] = PadLoader.Size(width: size.width, height: size.height)
                case .failure(let problem):
                    problems.append(ScenarioDiagnostic(file: listed.file, line: trial.line, column: trial.imageColumn, severity: .error, message: problem.description))
                    images[trial.image] = ""
                }
            }
        }
        if !problems.isEmpty { return .failure(ScenarioErrors(diagnostics: problems)) }
        return .success(Loaded(path: path, configuration: configuration, trials: trials, practice: practice, images: images, imageSizes: sizes))
    }
}
