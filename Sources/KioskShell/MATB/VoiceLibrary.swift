import CSDL2
import FoundationEssentials
import KioskCore
import KioskData

/// The voice clips of the communications prompts, checked at start: every clip of every voice
/// the scenario can speak with is read, converted to 44.1 kHz mono 16-bit samples and
/// measured, then let go. The audio output reads the clips again when it plays them.
///
/// Checking everything before the session starts means a missing or unreadable clip is
/// reported then, never discovered in the middle of a prompt, and the clip lengths handed to
/// the core (which decide when each prompt ends) are known up front. Keeping no samples in
/// memory keeps the kiosk's footprint small (about 2 MB per voice).
public struct VoiceLibrary: Sendable {
    /// Each clip's length, for the core.
    public let catalog: VoiceCatalog
    /// The folder holding `<idiom>/<gender>/<clip>.wav`.
    public let root: URL
    /// How long each clip plays: as recorded, or fitted to OpenMATB's length of the clip
    /// (the core times the prompt the same way, from the session's configuration).
    public private(set) var timing = PromptTiming.spoken

    /// An empty library, for scenarios without prompts.
    public init() {
        catalog = VoiceCatalog()
        root = URL(fileURLWithPath: "/")
    }

    /// Reads and measures `root/<idiom>/<gender>/<clip>.wav` for every clip of `voices`.
    /// - Throws: a `ShellError` naming every clip that is missing or unreadable.
    public init(root: URL, voices: Set<Voice>) throws {
        var counts: [Voice: [String: Int]] = [:]
        var problems: [String] = []
        for voice in voices.sorted() {
            for name in VoiceCatalog.clipNames {
                let url = Self.url(of: name, voice: voice, root: root)
                switch Self.read(url) {
                case .success(let pcm): counts[voice, default: [:]][name] = pcm.count
                case .failure(let problem): problems.append("\(url.path): \(problem.message)")
                }
            }
        }
        guard problems.isEmpty else {
            let shown = problems.prefix(8).joined(separator: "\n  ")
            let more = problems.count > 8 ? "\n  … and \(problems.count - 8) more" : ""
            throw ShellError("""
                voice clips for the communications prompts are missing or unreadable:
                  \(shown)\(more)
                Generate them with scripts/make-voices (scripts/setup does it too).
                """)
        }
        self.root = root
        catalog = VoiceCatalog(counts)
    }

    /// Where a clip lives.
    static func url(of clip: String, voice: Voice, root: URL) -> URL {
        root.appendingPathComponent(voice.idiom).appendingPathComponent(voice.gender).appendingPathComponent("\(clip).wav")
    }

    /// This library, playing its clips with `timing`.
    public func timed(by timing: PromptTiming) -> VoiceLibrary {
        var library = self
        library.timing = timing
        return library
    }

    /// The samples of one clip, read now, cut or followed by silence to OpenMATB's length of
    /// it when so timed; nil if it cannot be read any more.
    func clip(_ name: String, voice: Voice) -> [Int16]? {
        guard var samples = try? Self.read(Self.url(of: name, voice: voice, root: root)).get() else { return nil }
        if timing == .openMATB, let length = OpenMATBClipLengths.sampleCounts[voice]?[name] {
            samples = Array(samples.prefix(length)) + [Int16](repeating: 0, count: max(0, length - samples.count))
        }
        return samples
    }

    /// One WAV file as 44.1 kHz mono signed 16-bit samples, converting other formats.
    static func read(_ url: URL) -> Result<[Int16], ClipProblem> {
        guard FileManager.default.fileExists(atPath: url.path) else { return .failure(ClipProblem(message: "no such file")) }
        var spec = SDL_AudioSpec()
        var buffer: UnsafeMutablePointer<UInt8>?
        var length: UInt32 = 0
        guard CSDL_LoadWAV(url.path, &spec, &buffer, &length) != nil, let buffer else {
            return .failure(ClipProblem(message: "not a readable WAV file (\(String(cString: SDL_GetError())))"))
        }
        defer { SDL_FreeWAV(buffer) }
        let rate = Int32(VoiceCatalog.sampleRate)
        var cvt = SDL_AudioCVT()
        let status = SDL_BuildAudioCVT(&cvt, spec.format, spec.channels, spec.freq, CSDL_AUDIO_S16SYS, 1, rate)
        guard status >= 0 else {
            return .failure(ClipProblem(message: "cannot convert its audio format (\(String(cString: SDL_GetError())))"))
        }
        if status == 0 {
            return .success(Self.samples(buffer, byteCount: Int(length)))
        }
        let capacity = Int(length) * Int(cvt.len_mult)
        let work = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity, Int(length)))
        defer { work.deallocate() }
        work.update(from: buffer, count: Int(length))
        cvt.buf = work
        cvt.len = Int32(length)
        guard SDL_ConvertAudio(&cvt) == 0 else {
            return .failure(ClipProblem(message: "cannot convert its audio (\(String(cString: SDL_GetError())))"))
        }
        return .success(Self.samples(work, byteCount: Int(cvt.len_cvt)))
    }

    /// Why one clip could not be used.
    struct ClipProblem: Error {
        var message: String
    }

    private static func samples(_ bytes: UnsafeMutablePointer<UInt8>, byteCount: Int) -> [Int16] {
        let count = byteCount / 2
        return UnsafeRawPointer(bytes).withMemoryRebound(to: Int16.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
    }
}
