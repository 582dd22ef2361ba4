import KioskCore
import KioskData

extension BlockKind {
    /// A drawing-pad experiment from an InteractLog configuration.
    public static let pad = BlockKind(plan: .pad, screenTitle: "Drawing", fileNoun: "configuration",
                                      recognises: { !$0.isTOML && $0.text.map(PadLoader.looksLikeConfiguration) == true },
                                      log: .pad) { request in
        PadLoader.load(request.path).map { LoadedPad(loaded: $0) }
    }
}

extension BlockLog {
    /// A drawing-pad trial's samples; its InteractLog file given alone stands for them.
    static let pad = BlockLog(suffix: InteractLogNames.samplesSuffix, reportTitle: "Drawing-pad trial", sectionHeading: "Trial",
                              standsFor: PadTrialReplayFile.samplesPath(for:)) { path, heading, prefix throws(ShellError) in
        let samples = try FileDescriptorIO.readFile(atPath: path) { try PadSamplesFile.read(String(decoding: $0, as: UTF8.self), file: path) }
        return [PadTrialReport.section(samples, title: heading, plotPrefix: prefix)]
    }
}

/// A drawing-pad configuration loaded with its images.
struct LoadedPad: LoadedBlock {
    let loaded: PadLoader.Loaded

    var images: [String: String] { loaded.images }

    var checkSummary: String {
        let c = loaded.configuration
        return "drawing pad \(c.padWidth)x\(c.padHeight), \(c.stimulusImages.count) stimuli\(c.familiarisationImage == nil ? "" : ", familiarisation")"
    }

    /// A pad block rarely passes a few megabytes.
    func estimatedBytes(speed: Double) -> Double { 20_000_000 }

    var readsPointerDevices: Bool { true }

    func host(_ request: BlockHostRequest) throws -> any BlockHost {
        let block = try PadBlock(configuration: loaded.configuration, imageSizes: loaded.imageSizes.mapValues { ($0.width, $0.height) },
                                 canvas: request.canvas, participant: request.participant)
        return PadBlockHost(pad: block, images: loaded.images, dataDirectory: request.run.dataDirectory,
                            information: ["pad: \(block.layout.padWidth)x\(block.layout.padHeight) px", "batch: \(request.participant)"],
                            context: request.context)
    }
}
