import Glibc
import KioskCore

/// A participant's batch journals at one moment, each with its size. Only a batch writes a
/// journal, and it writes one whenever it starts, resumes or goes on, so two equal readings
/// mean that no batch of the participant began in between. A batch reads it when its command
/// starts and again where it decides what to run: a difference means another process started
/// the participant meanwhile, and the later start is refused rather than run on a decision
/// made before the other's session existed.
public struct ParticipantJournals: Equatable, Sendable {
    /// Each journal's path and size in bytes.
    public let sizes: [String: Int64]

    public init(dataDirectory: String, participant: String) {
        let folder = dataDirectory + "/" + InteractLogNames.safeFileName(participant)
        var sizes: [String: Int64] = [:]
        for journal in SessionCatalogue.journals(inParticipantFolder: folder) {
            var info = stat()
            if stat(journal, &info) == 0 { sizes[journal] = Int64(info.st_size) }
        }
        self.sizes = sizes
    }

    /// The journals that are new or have grown since `earlier`.
    public func changed(since earlier: ParticipantJournals) -> [String] {
        sizes.filter { earlier.sizes[$0.key] != $0.value }.map(\.key).sorted()
    }
}
