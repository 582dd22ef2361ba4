/// How long each voice clip lasts, in samples at 44.1 kHz: what the core needs to know, from
/// the clips the shell measured at start, to decide exactly when a spoken prompt ends.
///
/// Knowing the durations (not the sound) keeps the core deterministic: a headless or muted run
/// ends every prompt at the same scenario time as a run that plays it aloud.
public struct VoiceCatalog: Hashable, Sendable {
    /// The sample rate of every clip (OpenMATB's files are 44.1 kHz mono 16-bit).
    public static let sampleRate = 44_100

    /// The 44 clip names a prompt may use (OpenMATB includes/sounds): digits, letters, the four radio names,
    /// `radio`, `point`, `frequency` and `empty` (0.1 s of silence).
    public static let clipNames: [String] =
        (0...9).map(String.init) + "abcdefghijklmnopqrstuvwxyz".map { String($0) }
        + ["nav_1", "nav_2", "com_1", "com_2", "radio", "point", "frequency", "empty"]

    private var sampleCounts: [Voice: [String: Int]]

    /// A catalog from measured lengths.
    /// - Parameter sampleCounts: per voice, each clip's length in samples at 44.1 kHz.
    public init(_ sampleCounts: [Voice: [String: Int]] = [:]) {
        self.sampleCounts = sampleCounts
    }

    /// A catalog in which every clip of `voices` lasts `samples` samples, for tests.
    public static func uniform(_ samples: Int, voices: [Voice] = Voice.all) -> VoiceCatalog {
        VoiceCatalog(Dictionary(uniqueKeysWithValues: voices.map { voice in
            (voice, Dictionary(uniqueKeysWithValues: clipNames.map { ($0, samples) }))
        }))
    }

    /// Replaces one voice's clip lengths.
    mutating func setSampleCounts(_ counts: [String: Int], for voice: Voice) {
        sampleCounts[voice] = counts
    }

    /// The voices measured.
    public var voices: Set<Voice> { Set(sampleCounts.keys) }

    /// The length of one clip in samples, or nil if the clip was not measured.
    public func sampleCount(of clip: String, voice: Voice) -> Int? {
        sampleCounts[voice]?[clip]
    }

    /// The scenario time `samples` samples of sound last.
    public static func duration(samples: Int) -> ScenarioTime {
        // Integer arithmetic: 44 100 samples are exactly one second.
        ScenarioTime(nanoseconds: Int64(samples) * 1_000_000_000 / Int64(sampleRate))
    }
}
