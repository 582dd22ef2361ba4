import FoundationEssentials
import KioskCore
import KioskData

/// A drawing-pad trial opened for replay: its samples file (given, or beside the trial's
/// InteractLog file) and the images it showed, found by name.
public struct PadTrialReplayFile: Sendable {
    public let replay: PadTrialReplay
    /// Image files by the names the samples give them.
    public let images: [String: String]
    /// What the viewer should know (images not found).
    public let notes: [String]

    /// The samples file of a trial: `path` itself when it is one, else the one beside the
    /// InteractLog main file `path`; `nil` when `path` is neither.
    public static func samplesPath(for path: String) -> String? {
        if path.hasSuffix(InteractLogNames.samplesSuffix) { return path }
        guard path.hasSuffix(".txt") else { return nil }
        let beside = String(path.dropLast(".txt".count)) + InteractLogNames.samplesSuffix
        return FileManager.default.fileExists(atPath: beside) ? beside : nil
    }

    /// Reads the samples and looks for each image in `imagesFolder`, the mask's folder and
    /// the trial's folder, in that order.
    public init(samplesPath: String, imagesFolder: String?) throws(ShellError) {
        let samples: PadSamplesFile
        do {
            let bytes = try FileDescriptorIO.readFile(atPath: samplesPath)
            samples = try PadSamplesFile.read(String(decoding: bytes, as: UTF8.self), file: samplesPath)
        } catch {
            throw ShellError("\(error)")
        }
        replay = PadTrialReplay(samples: samples)
        let trialFolder = URL(fileURLWithPath: samplesPath).deletingLastPathComponent().path
        let maskFolder = samples.mask.map { URL(fileURLWithPath: $0.path).deletingLastPathComponent().path }
        let folders = [imagesFolder, maskFolder, trialFolder].compactMap { $0 }
        var images: [String: String] = [:]
        var notes: [String] = []
        if let mask = samples.mask {
            if FileManager.default.fileExists(atPath: mask.path) { images[mask.path] = mask.path } else { notes.append("the input mask \(mask.path) is not found") }
        }
        for name in replay.imageNames {
            if let found = folders.map({ URL(fileURLWithPath: $0).appendingPathComponent(name).path }).first(where: FileManager.default.fileExists(atPath:)) {
                images[name] = found
            } else {
                notes.append("image \(name) is not found in \(folders.joined(separator: ", ")); give its folder with --images")
            }
        }
        self.images = images
        self.notes = notes
    }
}
