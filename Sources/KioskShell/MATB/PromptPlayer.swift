import CSDL2
import Dispatch
import KioskCore
import KioskData
import Synchronization

/// Speaks the communications prompts through an SDL audio device without ever holding up a
/// frame: a background queue reads a prompt's clips one at a time and queues each
/// (`SDL_QueueAudio`) once less than `leadSeconds` is left to play, and SDL's audio thread
/// plays them. Keeping only that much queued, rather than a whole 10 s prompt (880 KB),
/// holds a session's memory down.
///
/// The core decides what to say and when a prompt ends; this only plays. It pauses while the
/// scenario clock is stopped (dialogs, blocking screens), so what is heard stays in step with
/// what is logged. `SDL_AUDIODRIVER=dummy` or `disk` works without a sound card.
public final class PromptPlayer {
    private let feeder: Feeder
    private let queue = DispatchQueue(label: "labkiosk.prompt-audio")
    private var isPaused = true
    /// Sound queued ahead of what is heard: far more than a frame or a clip read takes.
    public static let leadSeconds = 0.5
    /// Samples per second the device is fed: 44.1 kHz times the session speed.
    private let deviceRate: Int
    /// The prompt started last, for tests and figures.
    public private(set) var lastPrompt: SpokenPrompt?

    /// Opens the default output device for mono 16-bit clips at 44.1 kHz.
    ///
    /// - Parameter speed: the session's `--speed`. The device is told the clips run at
    ///   `speed` × 44.1 kHz, so SDL plays them that much faster (and higher), and a prompt
    ///   ends when the scenario clock says it does.
    /// - Throws: a `ShellError` if SDL has no audio output to open.
    public init(library: VoiceLibrary, speed: Double = 1) throws {
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { throw ShellError.sdl("SDL_InitSubSystem(AUDIO)") }
        deviceRate = max(1, Int((Double(VoiceCatalog.sampleRate) * speed).rounded()))
        var wanted = SDL_AudioSpec()
        wanted.freq = Int32(deviceRate)
        wanted.format = CSDL_AUDIO_S16SYS
        wanted.channels = 1
        wanted.samples = 1024
        var obtained = SDL_AudioSpec()
        let device = SDL_OpenAudioDevice(nil, 0, &wanted, &obtained, 0)
        guard device != 0 else {
            let error = ShellError.sdl("SDL_OpenAudioDevice")
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
            throw error
        }
        feeder = Feeder(device: device, library: library, leadBytes: Int(Self.leadSeconds * Double(deviceRate)) * 2)
    }

    deinit {
        feeder.cancel()
        queue.sync {}
        SDL_CloseAudioDevice(feeder.device)
        SDL_QuitSubSystem(SDL_INIT_AUDIO)
    }

    /// Carries out the core's sound commands, in order; returns at once.
    public func perform(_ commands: [SoundCommand]) {
        for command in commands {
            switch command {
            case .play(let prompt):
                lastPrompt = prompt
                let generation = feeder.cancel()
                let feeder = self.feeder
                queue.async { feeder.feed(prompt, generation: generation) }
            case .stop:
                feeder.cancel()
            }
        }
    }

    /// Pauses or resumes playback, following the scenario clock.
    public func setPaused(_ paused: Bool) {
        guard paused != isPaused else { return }
        isPaused = paused
        SDL_PauseAudioDevice(feeder.device, paused ? 1 : 0)
    }

    /// Waits until every clip of the prompts asked for so far is queued or dropped (for
    /// tests). While paused, a prompt longer than the lead is never all queued: unpause first.
    public func waitUntilFed() {
        queue.sync {}
    }

    /// Seconds of sound queued and not played yet.
    public var queuedSeconds: Double {
        Double(SDL_GetQueuedAudioSize(feeder.device)) / 2 / Double(deviceRate)
    }

    /// The part shared with the background queue: the device and a generation counter, under
    /// a lock, so that a prompt interrupted while its clips are being read queues no more.
    private final class Feeder: @unchecked Sendable {
        let device: SDL_AudioDeviceID
        let library: VoiceLibrary
        /// The next clip is queued once no more than this is left to play.
        let leadBytes: Int
        private let generation = Mutex(0)

        init(device: SDL_AudioDeviceID, library: VoiceLibrary, leadBytes: Int) {
            self.device = device
            self.library = library
            self.leadBytes = leadBytes
        }

        /// Drops what is queued and stops any prompt being fed; returns the new generation.
        @discardableResult
        func cancel() -> Int {
            generation.withLock { generation in
                generation += 1
                SDL_ClearQueuedAudio(device)
                return generation
            }
        }

        /// Reads and queues a prompt's clips as the device plays down to the lead, until the
        /// last one is queued or a later command supersedes the prompt.
        func feed(_ prompt: SpokenPrompt, generation wanted: Int) {
            for name in prompt.clips {
                guard waitForRoom(generation: wanted) else { return }
                // Every clip was checked at start; one that vanished since is skipped.
                guard let clip = library.clip(name, voice: prompt.voice) else { continue }
                let isSuperseded = generation.withLock { generation in
                    guard generation == wanted else { return true }
                    clip.withUnsafeBytes { bytes in
                        _ = SDL_QueueAudio(device, bytes.baseAddress, UInt32(bytes.count))
                    }
                    return false
                }
                if isSuperseded { return }
            }
        }

        /// Sleeps until no more than the lead is left to play; false if the prompt was
        /// superseded meanwhile. The device drains only while playing, so a paused session
        /// keeps its prompt waiting here.
        private func waitForRoom(generation wanted: Int) -> Bool {
            while true {
                let (isCurrent, queuedBytes) = generation.withLock { generation in
                    (generation == wanted, Int(SDL_GetQueuedAudioSize(device)))
                }
                guard isCurrent else { return false }
                if queuedBytes <= leadBytes { return true }
                SDL_Delay(10)
            }
        }
    }
}
