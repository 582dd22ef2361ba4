import KioskCore
import KioskData

extension BlockKind {
    /// A timed prompt sequence.
    public static let prompts = BlockKind(plan: .prompts, screenTitle: "A guided sequence", fileNoun: "sequence",
                                          recognises: { $0.document?.arrays["phase"] != nil }, log: .prompts) { request in
        PromptsLoader.load(request.path, speaking: request.forRunning ? request.language : nil).map { LoadedSequence(loaded: $0) }
    }
}

extension BlockLog {
    /// A prompt sequence's log, one row per phase change.
    static let prompts = BlockLog(suffix: PromptsLogFile.suffix, reportTitle: "Prompt sequence", sectionHeading: "Sequence",
                                  report: { path, heading, prefix throws(ShellError) in
        let log = try FileDescriptorIO.readFile(atPath: path) { try PromptsLogFile.read(String(decoding: $0, as: UTF8.self), file: path) }
        return [PromptsBlockReport.section(log, title: heading, plotPrefix: prefix)]
    }, bids: .prompts)
}

/// A prompt sequence loaded with its pictures (and, to run, its speech).
struct LoadedSequence: LoadedBlock {
    let loaded: PromptsLoader.Loaded

    var images: [String: String] { loaded.images }
    var title: String? { loaded.sequence.title }

    var checkSummary: String {
        let s = loaded.sequence
        return "prompt sequence: \(s.phases.count) phases, \(s.trials.count) trials × \(s.passes), \(loaded.images.count) pictures, \(s.speechTexts.count) spoken texts"
    }

    func estimatedBytes(speed: Double) -> Double {
        let s = loaded.sequence
        return 500 * Double(s.trials.count * max(1, s.passes) * s.phases.count) + 10_000
    }

    var speaks: Bool { !loaded.sequence.speechTexts.isEmpty }

    func host(_ request: BlockHostRequest) throws -> any BlockHost {
        try PromptsBlockHost(loaded: loaded, run: request.run,
                             seed: blockSeed(title: loaded.sequence.title, kind: .prompts, participant: request.participant, visit: request.block.visit,
                                             practiceRun: request.practiceRun),
                             canvas: request.canvas, context: request.blockContext, version: request.version,
                             markers: try .open(for: loaded.sequence))
    }
}
