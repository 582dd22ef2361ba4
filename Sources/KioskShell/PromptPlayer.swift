import CSDL2
import Dispatch
import KioskCore
import Synchronization

/// Speaks the communications prompts through an SDL audio device without ever holding up a
/// frame: a background queue reads a prompt's clips and queues them (`SDL_QueueAudio`), and
/// SDL's audio thread plays them.
///
/// The core decides what to say and when a prompt ends; this only plays. It pauses while the
/// scenario clock is stopped (dialogs, blocking screens), so what is heard stays in step with
/// what is logged. `SDL_AUDIODRIVER=dummy` or `disk` works without a sound card.
public final class PromptPlayer {
    private let feeder: Feeder
    private let queue = DispatchQueue(label: "labkiosk.prompt-audio")
    private var isPaused = true
    /// The prompt started last, for tests and figures.
    public private(set) var lastPrompt: SpokenPrompt?

    /// Opens the default output device at 44.1 kHz mono 16-bit.
    /// - Throws: a `ShellError` if SDL has no audio output to open.
    public init(library: VoiceLibrary) throws {
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { throw ShellError.sdl("SDL_InitSubSystem(AUDIO)") }
        var wanted = SDL_AudioSpec()
        wanted.freq = Int32(VoiceCatalog.sampleRate)
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
        feeder = Feeder(device: device, library: library)
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

    /// Waits until every prompt asked for so far is queued (for tests).
    public func waitUntilQueued() {
        queue.sync {}
    }

    /// Seconds of sound queued and not played yet.
    public var queuedSeconds: Double {
        Double(SDL_GetQueuedAudioSize(feeder.device)) / 2 / Double(VoiceCatalog.sampleRate)
    }

    /// The part shared with the background queue: the device and a generation counter, under
    /// a lock, so that a prompt interrupted while its clips are being read queues no more.
    private final class Feeder: @unchecked Sendable {
        let device: SDL_AudioDeviceID
        let library: VoiceLibrary
        private let generation = Mutex(0)

        init(device: SDL_AudioDeviceID, library: VoiceLibrary) {
            self.device = device
            self.library = library
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

        /// Reads and queues a prompt's clips, unless a later command superseded it.
        func feed(_ prompt: SpokenPrompt, generation wanted: Int) {
            var cache: [String: [Int16]] = [:]
            for name in prompt.clips {
                // Every clip was checked at start; one that vanished since is skipped.
                guard let clip = cache[name] ?? library.clip(name, voice: prompt.voice) else { continue }
                if name == "empty" { cache[name] = clip }
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
    }
}
