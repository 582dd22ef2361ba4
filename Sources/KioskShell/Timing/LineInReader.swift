import CSDL2
import Glibc
import KioskCore
import KioskData

/// A photodiode on a sound card's line-in, read through SDL's audio capture: mono 16-bit
/// samples at 48 kHz in blocks of 64 (1.3 ms), each block stamped on CLOCK_MONOTONIC as it
/// reaches the machine, on SDL's audio thread. What it read is turned into light edges once
/// the run is over (``LineInRecording``).
public final class LineInReader {
    public static let rate = 48_000
    private static let blockSamples: UInt16 = 64

    public let name: String
    private let device: SDL_AudioDeviceID
    private let storage: Storage

    /// The recording and the lock SDL's audio thread takes to add to it.
    private final class Storage {
        var mutex = pthread_mutex_t()
        var recording: LineInRecording

        init(expectedSeconds: Double) {
            recording = LineInRecording(nominalRate: Double(LineInReader.rate), expectedSeconds: expectedSeconds)
            pthread_mutex_init(&mutex, nil)
        }

        deinit { pthread_mutex_destroy(&mutex) }

        func append(_ samples: UnsafeBufferPointer<Int16>, at time: MonotonicTime) {
            pthread_mutex_lock(&mutex)
            recording.append(samples, arrivedAt: time)
            pthread_mutex_unlock(&mutex)
        }

        func take() -> LineInRecording {
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            return recording
        }
    }

    /// Opens the capture device `deviceName` (nil: the system's default) and starts recording.
    /// - Parameter expectedSeconds: how long the run will take, to keep room for its samples.
    /// - Throws: a message that says there is no line-in, or why it cannot be read.
    public init(deviceName: String?, expectedSeconds: Double) throws {
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else {
            throw ShellError("no line-in: SDL has no audio (\(String(cString: SDL_GetError()))); nothing was measured")
        }
        let known = (0..<max(SDL_GetNumAudioDevices(1), 0)).compactMap { SDL_GetAudioDeviceName($0, 1).map { String(cString: $0) } }
        if let deviceName, !known.contains(deviceName) {
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
            throw ShellError("no line-in: no capture device is called \(deviceName.debugDescription); "
                             + (known.isEmpty ? "this machine has none" : "there are \(known.map(\.debugDescription).joined(separator: ", "))")
                             + "; nothing was measured")
        }
        storage = Storage(expectedSeconds: expectedSeconds)
        var wanted = SDL_AudioSpec()
        wanted.freq = Int32(Self.rate)
        wanted.format = CSDL_AUDIO_S16SYS
        wanted.channels = 1
        wanted.samples = Self.blockSamples
        wanted.userdata = Unmanaged.passUnretained(storage).toOpaque()
        wanted.callback = { userdata, stream, length in
            // The block's arrival, read before anything else is done with it.
            let arrived = MonotonicClock.now()
            guard let userdata, let stream else { return }
            let storage = Unmanaged<Storage>.fromOpaque(userdata).takeUnretainedValue()
            stream.withMemoryRebound(to: Int16.self, capacity: Int(length) / 2) { samples in
                storage.append(UnsafeBufferPointer(start: samples, count: Int(length) / 2), at: arrived)
            }
        }
        var obtained = SDL_AudioSpec()
        // No changes allowed: the samples must be the card's own, at the rate they are counted at.
        device = SDL_OpenAudioDevice(deviceName, 1, &wanted, &obtained, 0)
        guard device != 0 else {
            let why = String(cString: SDL_GetError())
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
            throw ShellError("no line-in: the capture device \(deviceName ?? "(the default)") cannot be opened: \(why); nothing was measured")
        }
        let driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "?"
        name = "line-in \(deviceName ?? SDL_GetAudioDeviceName(0, 1).map { String(cString: $0) } ?? "(the default)") "
            + "(\(driver), \(Self.rate / 1000) kHz)"
        SDL_PauseAudioDevice(device, 0)
    }

    deinit {
        SDL_CloseAudioDevice(device)
        SDL_QuitSubSystem(SDL_INIT_AUDIO)
    }

    /// Stops recording and returns what was read.
    public func finish() -> LineInRecording {
        SDL_PauseAudioDevice(device, 1)
        return storage.take()
    }
}
