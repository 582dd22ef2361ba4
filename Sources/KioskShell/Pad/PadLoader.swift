import CSDL2
import FoundationEssentials
import KioskCore
import KioskData

/// Reads a drawing-pad configuration and every image it names, so that nothing starts on a
/// bad file: each problem is reported with the file, line and column that name it.
public enum PadLoader {
    public struct Loaded: Sendable {
        public var configuration: PadConfiguration
        /// Each image's file, by the path the configuration gives.
        public var images: [String: String]
        public var imageSizes: [String: Size]
    }

    public struct Size: Sendable {
        public var width: Int
        public var height: Int
    }

    /// Whether a file reads as a drawing-pad configuration rather than a scenario: one of its
    /// first labels is a pad setting.
    public static func looksLikeConfiguration(_ text: String) -> Bool {
        // By `isNewline`: "\r\n" is one Character, so a split at "\n" never splits a CRLF file.
        text.split(whereSeparator: \.isNewline).prefix(60).contains { line in
            guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("***") else { return false }
            return PadConfigurationReader.isSetting(String(line[..<colon]))
        }
    }

    public static func load(_ path: String) -> Result<Loaded, ScenarioErrors> {
        let text: String, configuration: PadConfiguration
        switch FileDescriptorIO.readBlockFile(atPath: path).flatMap({ read in PadConfigurationReader.read(read, file: path).map { (read, $0) } }) {
        case .success(let read): (text, configuration) = read
        case .failure(let errors): return .failure(errors)
        }
        let folder = FilePaths.folder(of: path)
        let named = [configuration.inputMask, configuration.familiarisationImage].compactMap { $0 } + configuration.stimulusImages
        var images: [String: String] = [:]
        var sizes: [String: Size] = [:]
        var problems: [ScenarioDiagnostic] = []
        if !named.isEmpty {
            do { try ImageCodec.ensureAvailable() } catch {
                return .failure(ScenarioErrors(diagnostics: [ScenarioDiagnostic(file: path, line: 0, column: 0, severity: .error, message: "\(error)")]))
            }
        }
        for image in named where images[image] == nil {
            // Relative to the configuration's folder (InteractLog took them relative to the folder it was started from).
            let file = FilePaths.resolve(image, in: folder)
            let (line, column) = location(of: image, in: text)
            switch ImageCodec.size(ofFile: file) {
            case .success(let size): sizes[image] = Size(width: size.width, height: size.height)
            case .failure(let problem):
                problems.append(ScenarioDiagnostic(file: path, line: line, column: column, severity: .error, message: problem.description))
                continue
            }
            images[image] = file
        }
        if !problems.isEmpty { return .failure(ScenarioErrors(diagnostics: problems)) }
        return .success(Loaded(configuration: configuration, images: images, imageSizes: sizes))
    }

    private static func location(of image: String, in text: String) -> (Int, Int) {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.hasPrefix("***"), let colon = line.firstIndex(of: ":") else { continue }
            guard let start = line[colon...].indices.first(where: { line[$0...].hasPrefix(image) }) else { continue }
            return (index + 1, line.distance(from: line.startIndex, to: start) + 1)
        }
        return (0, 0)
    }
}
