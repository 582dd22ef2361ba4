/// How long a spoken communications prompt lasts, which decides when its response window
/// opens (docs/compatibility.md: Communications prompts).
public enum PromptTiming: String, CaseIterable, Hashable, Sendable {
    /// The length of labkiosk's own clips, as played.
    case spoken
    /// The length OpenMATB's recorded clips have (``OpenMATBClipLengths``): each of our clips
    /// is played in a slot of its OpenMATB counterpart's length, cut or followed by silence, so
    /// prompts and response windows end when OpenMATB's do. Voices OpenMATB lacks keep our
    /// lengths.
    case openMATB = "openmatb"

    /// The timing a run takes when nothing names one: OpenMATB's lengths with its cadence,
    /// since such a run is meant to match OpenMATB, else the clips' own.
    public static func standard(for cadence: UpdateCadence) -> PromptTiming {
        cadence == .openmatb ? .openMATB : .spoken
    }
}

extension VoiceCatalog {
    /// This catalog with each voice OpenMATB ships measured as OpenMATB's clips are.
    public func timed(by timing: PromptTiming) -> VoiceCatalog {
        guard timing == .openMATB else { return self }
        var timed = self
        for voice in voices {
            if let counts = OpenMATBClipLengths.sampleCounts[voice] { timed.setSampleCounts(counts, for: voice) }
        }
        return timed
    }
}
