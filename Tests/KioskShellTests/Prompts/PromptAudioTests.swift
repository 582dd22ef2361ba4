import CSDL2
import Foundation
import KioskCore
import TestSupport
import Testing
@testable import KioskShell

extension SDLSuite {
    /// The voice clips and the audio output of the spoken prompts, on SDL's dummy and disk
    /// audio drivers: clip lengths, the clip sequence, stopping and pausing.
    @Suite struct PromptAudioTests {
        static let voicesRoot = Fixtures.repository.appendingPathComponent("Assets/voices")
        static let voice = Voice(idiom: "english", gender: "female")

        @Test func everyShippedVoiceHasAll44ClipsAt44kHzMono() throws {
            let library = try VoiceLibrary(root: Self.voicesRoot, voices: Set(Voice.all))
            for voice in Voice.all {
                for name in VoiceCatalog.clipNames {
                    let count = try #require(library.catalog.sampleCount(of: name, voice: voice), "\(voice)/\(name)")
                    #expect(count > 4_000 && count < 2 * 44_100, "\(voice)/\(name): \(count) samples")
                }
                #expect(library.catalog.sampleCount(of: "empty", voice: voice) == 4_410)
            }
        }

        @Test func missingAndUnreadableClipsAreReportedTogetherAtLoad() throws {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("voices-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let folder = root.appendingPathComponent("english/female")
            try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.voicesRoot.appendingPathComponent("english/female"), to: folder)
            try FileManager.default.removeItem(at: folder.appendingPathComponent("k.wav"))
            try Data("not a wave".utf8).write(to: folder.appendingPathComponent("point.wav"))
            do {
                _ = try VoiceLibrary(root: root, voices: [Self.voice])
                Issue.record("a broken voice folder loaded")
            } catch {
                let message = "\(error)"
                #expect(message.contains("english/female/k.wav: no such file"))
                #expect(message.contains("english/female/point.wav: not a readable WAV file"))
                #expect(message.contains("scripts/make-voices"))
            }
        }

        @Test func otherSampleRatesAreConvertedTo44kHz() throws {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("tone-\(UUID().uuidString).wav")
            defer { try? FileManager.default.removeItem(at: url) }
            try Self.wav(samples: [Int16](repeating: 1000, count: 2_205), rate: 22_050).write(to: url)
            let samples = try VoiceLibrary.read(url).get()
            #expect(abs(samples.count - 4_410) <= 2)
        }

        /// A prompt is queued a clip at a time, never much more than the lead ahead of what is
        /// heard, and a stop drops what is queued.
        @Test func promptQueuesItsClipsALittleAheadAndStopsOnRequest() throws {
            let library = try VoiceLibrary(root: Self.voicesRoot, voices: [Self.voice])
            let player = try PromptPlayer(library: library)
            let clips = SpokenPrompt.clips(callsign: "HSR259", radio: "NAV_1", frequencyText: "117.1")
            let prompt = SpokenPrompt(id: 1, voice: Self.voice, clips: clips)
            let lengths = clips.compactMap { library.catalog.sampleCount(of: $0, voice: Self.voice) }.map { Double($0) / 44_100 }
            let whole = lengths.reduce(0, +)
            #expect(whole > 8 && whole < 20)
            player.perform([.play(prompt)])
            // Paused (the scenario clock has not started): the first clips wait, the rest are not read.
            Thread.sleep(forTimeInterval: 0.2)
            let queued = player.queuedSeconds
            #expect(queued > 0)
            #expect(queued <= PromptPlayer.leadSeconds + (lengths.max() ?? 0) + 1e-6)
            #expect(queued < whole / 2)
            player.setPaused(false)
            Thread.sleep(forTimeInterval: 0.3)
            #expect(player.queuedSeconds <= PromptPlayer.leadSeconds + (lengths.max() ?? 0) + 1e-6)
            player.perform([.stop])
            #expect(player.queuedSeconds == 0)
            player.waitUntilFed()
            #expect(player.queuedSeconds == 0, "a stopped prompt queues nothing more")
        }

        /// At --speed 2 the device plays the clips twice as fast: a clip queued is half as long.
        @Test func aFasterSessionPlaysPromptsFaster() throws {
            let library = try VoiceLibrary(root: Self.voicesRoot, voices: [Self.voice])
            let player = try PromptPlayer(library: library, speed: 2)
            player.perform([.play(SpokenPrompt(id: 1, voice: Self.voice, clips: ["h"]))])
            player.waitUntilFed()
            let normal = Double(library.catalog.sampleCount(of: "h", voice: Self.voice) ?? 0) / 44_100
            #expect(abs(player.queuedSeconds - normal / 2) < 1e-6)
        }

        @Test func aNewPromptReplacesTheOneQueued() throws {
            let library = try VoiceLibrary(root: Self.voicesRoot, voices: [Self.voice])
            let player = try PromptPlayer(library: library)
            player.perform([.play(SpokenPrompt(id: 1, voice: Self.voice, clips: Array(repeating: "nav_1", count: 10))),
                            .play(SpokenPrompt(id: 2, voice: Self.voice, clips: ["h"]))])
            player.waitUntilFed()
            let one = Double(library.catalog.sampleCount(of: "h", voice: Self.voice) ?? 0) / 44_100
            #expect(abs(player.queuedSeconds - one) < 1e-6)
            #expect(player.lastPrompt?.id == 2)
        }

        @Test func diskDriverReceivesTheClipsInOrder() throws {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("prompt-\(UUID().uuidString).raw")
            defer { try? FileManager.default.removeItem(at: output) }
            let previousDriver = ProcessInfo.processInfo.environment["SDL_AUDIODRIVER"]
            setenv("SDL_AUDIODRIVER", "disk", 1)
            setenv("SDL_DISKAUDIOFILE", output.path, 1)
            setenv("SDL_DISKAUDIODELAY", "1", 1)
            defer {
                if let previousDriver { setenv("SDL_AUDIODRIVER", previousDriver, 1) } else { unsetenv("SDL_AUDIODRIVER") }
                unsetenv("SDL_DISKAUDIOFILE")
                unsetenv("SDL_DISKAUDIODELAY")
            }
            let library = try VoiceLibrary(root: Self.voicesRoot, voices: [Self.voice])
            let clips = ["h", "s", "point", "empty"]
            do {
                let player = try PromptPlayer(library: library)
                player.perform([.play(SpokenPrompt(id: 1, voice: Self.voice, clips: clips))])
                player.setPaused(false)
                player.waitUntilFed()
                let deadline = Date().addingTimeInterval(5)
                while player.queuedSeconds > 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
                #expect(player.queuedSeconds == 0)
            }
            let written = try Data(contentsOf: output)
            let expected = clips.flatMap { library.clip($0, voice: Self.voice) ?? [] }
            // The device writes silence while paused, before the prompt starts, and whenever the
            // feeder falls behind it (a loaded machine): the clips' own samples, in order, are
            // what it must receive.
            let samples = written.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }.filter { $0 != 0 }
            let wanted = expected.filter { $0 != 0 }
            #expect(samples.count >= wanted.count)
            let matches = samples.prefix(wanted.count).elementsEqual(wanted)
            #expect(matches, "the device did not receive the clips in order")
        }

        /// A mono 16-bit PCM WAV file.
        static func wav(samples: [Int16], rate: Int) -> Data {
            var data = Data()
            func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
            data.append(contentsOf: Array("RIFF".utf8))
            append(UInt32(36 + samples.count * 2))
            data.append(contentsOf: Array("WAVEfmt ".utf8))
            append(UInt32(16)); append(UInt16(1)); append(UInt16(1)); append(UInt32(rate)); append(UInt32(rate * 2))
            append(UInt16(2)); append(UInt16(16))
            data.append(contentsOf: Array("data".utf8))
            append(UInt32(samples.count * 2))
            for sample in samples { append(sample) }
            return data
        }
    }
}
