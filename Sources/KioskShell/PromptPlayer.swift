import CSDL2
import KioskCore

/// Speaks the communications prompts through an SDL audio device, without ever waiting:
/// a prompt's clips are queued at once (`SDL_QueueAudio` copies them) and SDL's audio
/// thread plays them.
///
/// The core decides what to say and when a prompt ends; this only plays. It pauses while
/// the scenario clock is stopped (dialogs, blocking screens), so what is heard stays in step
/// with what is logged. `SDL_AUDIODRIVER=dummy` or `disk` works without a sound card.
public final class PromptPlayer {
    private let library: VoiceLibrary
    private let device: SDL_AudioDeviceID
    private var isPaused = true
    /// The prompt queued last, for tests and figures.
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
        self.device = device
        self.library = library
    }

    deinit {
        SDL_CloseAudioDevice(device)
        SDL_QuitSubSystem(SDL_INIT_AUDIO)
    }

    /// Carries out the core's sound commands, in order.
    public func perform(_ commands: [SoundCommand]) {
        for command in commands {
            switch command {
            case .play(let prompt):
                SDL_ClearQueuedAudio(device)
                lastPrompt = prompt
                for name in prompt.clips {
                    // Every clip was checked at start; a voice the scenario never named is skipped.
                    guard let clip = library.clip(name, voice: prompt.voice), !clip.isEmpty else { continue }
                    clip.withUnsafeBytes { bytes in
                        _ = SDL_QueueAudio(device, bytes.baseAddress, UInt32(bytes.count))
                    }
                }
            case .stop:
                SDL_ClearQueuedAudio(device)
            }
        }
    }

    /// Pauses or resumes playback, following the scenario clock.
    public func setPaused(_ paused: Bool) {
        guard paused != isPaused else { return }
        isPaused = paused
        SDL_PauseAudioDevice(device, paused ? 1 : 0)
    }

    /// Seconds of sound still queued.
    public var queuedSeconds: Double {
        Double(SDL_GetQueuedAudioSize(device)) / 2 / Double(VoiceCatalog.sampleRate)
    }
}
