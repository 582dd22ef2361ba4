import CSDL2
import KioskCore
import KioskData

/// Plays a prompt sequence's spoken texts through SDL's default audio output: a text's
/// samples (a few seconds, said before the block starts) are queued whole, and a new text
/// cuts off the one before. `SDL_AUDIODRIVER=dummy` works without a sound card.
final class SpeechPlayer {
    private let device: SDL_AudioDeviceID

    /// - Parameter speed: block seconds per real second: the samples play that much faster.
    init(speed: Double) throws {
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { throw ShellError.sdl("SDL_InitSubSystem(AUDIO)") }
        var wanted = SDL_AudioSpec()
        wanted.freq = Int32(max(1, (Double(VoiceCatalog.sampleRate) * speed).rounded()))
        wanted.format = CSDL_AUDIO_S16SYS
        wanted.channels = 1
        wanted.samples = 1024
        var obtained = SDL_AudioSpec()
        device = SDL_OpenAudioDevice(nil, 0, &wanted, &obtained, 0)
        guard device != 0 else {
            let error = ShellError.sdl("SDL_OpenAudioDevice")
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
            throw error
        }
        SDL_PauseAudioDevice(device, 0)
    }

    deinit {
        SDL_CloseAudioDevice(device)
        SDL_QuitSubSystem(SDL_INIT_AUDIO)
    }

    /// Starts `samples` now, in place of whatever plays.
    func play(_ samples: [Int16]) {
        SDL_ClearQueuedAudio(device)
        _ = samples.withUnsafeBytes { SDL_QueueAudio(device, $0.baseAddress, UInt32($0.count)) }
    }

    func stop() {
        SDL_ClearQueuedAudio(device)
    }
}
