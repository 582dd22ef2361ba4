import FoundationEssentials
import KioskCore
import KioskData

/// Reads a prompt sequence and every picture it can show, so that nothing starts on a bad
/// file (docs/prompts.md): each problem with the file, line and column that name it. Its
/// speech is said with espeak-ng before the block starts.
public enum PromptsLoader {
    public struct Loaded: Sendable {
        public var path: String
        public var sequence: PromptSequence
        /// Each picture's file, by the path the sequence gives.
        public var images: [String: String]
        public var imageSizes: [String: PadLoader.Size]
        /// Each spoken text's samples (44.1 kHz mono); empty when nothing is said or espeak-ng is missing.
        public var speech: [String: [Int16]]
        /// What the operator should know (speech that will not be heard).
        public var notes: [String]

        /// How long each spoken text takes, for the block.
        public var speechSeconds: [String: Double] {
            speech.mapValues { Double($0.count) / Double(VoiceCatalog.sampleRate) }
        }
    }

    /// - Parameter speaking: say the sequence's texts now, in `language` (not when only checking).
    public static func load(_ path: String, speaking language: Language?) -> Result<Loaded, ScenarioErrors> {
        let sequence: PromptSequence
        switch FileDescriptorIO.readBlockFile(atPath: path).flatMap({ PromptSequenceReader.read($0, file: path) }) {
        case .success(let read): sequence = read
        case .failure(let errors): return .failure(errors)
        }
        let folder = FilePaths.folder(of: path)
        var images: [String: String] = [:]
        var sizes: [String: PadLoader.Size] = [:]
        var problems: [ScenarioDiagnostic] = []
        if !sequence.images.isEmpty {
            do { try ImageCodec.ensureAvailable() } catch {
                return .failure(ScenarioErrors(diagnostics: [ScenarioDiagnostic(file: path, line: 0, column: 0, severity: .error, message: "\(error)")]))
            }
        }
        for image in sequence.images where images[image.path] == nil {
            let file = FilePaths.resolve(image.path, in: folder)
            switch ImageCodec.size(ofFile: file) {
            case .success(let size):
                images[image.path] = file
                sizes[image.path] = PadLoader.Size(width: size.width, height: size.height)
            case .failure(let problem):
                problems.append(ScenarioDiagnostic(file: path, line: image.line, column: image.column, severity: .error, message: problem.description))
            }
        }
        if !problems.isEmpty { return .failure(ScenarioErrors(diagnostics: problems)) }
        var loaded = Loaded(path: path, sequence: sequence, images: images, imageSizes: sizes, speech: [:], notes: [])
        if let language {
            switch SpeechSynthesis.say(sequence.speechTexts, language: language) {
            case .success(let speech): loaded.speech = speech
            case .failure(let problem):
                loaded.notes.append("\(problem): the prompts will not be heard; phases that last until the speech ends take 0.07 s a character")
            }
        }
        return .success(loaded)
    }
}
