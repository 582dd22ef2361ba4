import KioskCore
import KioskData

extension BlockKind {
    /// Image judgements from a judgement configuration.
    public static let judge = BlockKind(plan: .judge, screenTitle: "Image judgements", fileNoun: "judgement block",
                                        recognises: { $0.document.map(JudgeConfigurationReader.looksLikeConfiguration) == true },
                                        log: .judge) { request in
        JudgeLoader.load(request.path).map { LoadedJudgement(loaded: $0) }
    }
}

extension BlockLog {
    /// A judgement block's log, one row per trial.
    static let judge = BlockLog(suffix: JudgeLogFile.suffix, reportTitle: "Image judgements", sectionHeading: "Judgements",
                                report: { path, heading, prefix throws(ShellError) in
        let judged = try FileDescriptorIO.readFile(atPath: path) { try JudgeLogFile.read(String(decoding: $0, as: UTF8.self), file: path) }
        return [JudgeBlockReport.section(judged, title: heading, plotPrefix: prefix)]
    }, bids: .judge)
}

/// A judgement configuration loaded with its trial lists and images.
struct LoadedJudgement: LoadedBlock {
    let loaded: JudgeLoader.Loaded

    var images: [String: String] { loaded.images }
    var title: String? { loaded.configuration.title }

    var checkSummary: String {
        let practice = loaded.practice.map { ", \($0.trials.count) practice" } ?? ""
        return "\(loaded.configuration.paradigm.rawValue) judgement: \(loaded.trials.trials.count) trials\(practice), \(loaded.images.count) images"
    }

    func estimatedBytes(speed: Double) -> Double {
        1_000 * Double(loaded.trials.trials.count + (loaded.practice?.trials.count ?? 0)) + 10_000
    }

    func host(_ request: BlockHostRequest) throws -> any BlockHost {
        try JudgeBlockHost(loaded: loaded, run: request.run,
                           seed: blockSeed(title: loaded.configuration.title, kind: .judge, participant: request.participant, visit: request.block.visit,
                                             practiceRun: request.practiceRun),
                           canvas: request.canvas, context: request.blockContext, version: request.version)
    }
}
