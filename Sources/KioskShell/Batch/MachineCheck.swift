import CSDL2
import FoundationEssentials
import Glibc
import KioskCore
import KioskData

/// The start-up self-check of a batch: what would fail on this machine, said before a
/// participant sits down rather than halfway through their session.
public enum MachineCheck {
    public struct Finding: Sendable, CustomStringConvertible {
        /// Nothing may start while it stands.
        public var stopsTheRun: Bool
        public var text: String
        public var description: String { (stopsTheRun ? "FAIL " : "warn ") + text }
    }

    /// - Parameters:
    ///   - dataDirectory: where the batch writes; it must be writable, with `neededBytes` free.
    ///   - inputDirectory: the evdev folder whose joysticks, pens and touchscreens must be readable.
    ///   - needsAudio: a block speaks prompts.
    public static func run(dataDirectory: String, neededBytes: Int64, inputDirectory: String?, udevRule: String,
                           needsAudio: Bool) -> [Finding] {
        var findings: [Finding] = []
        if let problem = DataFolder.problem(dataDirectory) {
            findings.append(Finding(stopsTheRun: true, text: problem))
        } else if let problem = writeProbe(dataDirectory) {
            findings.append(Finding(stopsTheRun: true, text: "the data folder cannot be written: \(problem)"))
        }
        var space = statvfs()
        if statvfs(dataDirectory, &space) == 0 {
            let free = Int64(space.f_bavail) * Int64(space.f_frsize)
            if free < neededBytes {
                findings.append(Finding(stopsTheRun: true, text: dataDirectory + String(cFormat: " has %.0f MB free; this plan needs about %.0f MB",
                                                                                         Double(free) / 1e6, Double(neededBytes) / 1e6)))
            }
        }
        if let inputDirectory {
            let denied = InputDeviceListing.evdev(directory: inputDirectory, udevRule: udevRule).filter { $0.contains("permission denied") }
            for line in denied { findings.append(Finding(stopsTheRun: false, text: "input device not readable: \(line)")) }
        }
        if needsAudio {
            if SDL_InitSubSystem(SDL_INIT_AUDIO) != 0 || SDL_GetNumAudioDevices(0) < 1 {
                findings.append(Finding(stopsTheRun: false, text: "no audio output: the communications prompts will not be heard (the logs are unaffected)"))
            }
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
        }
        return findings
    }

    /// Makes the folder and a file in it, as the batch will; what failed, if anything.
    private static func writeProbe(_ folder: String) -> DataFileError? {
        do {
            try RunFiles.makeDirectories(folder)
        } catch {
            return error
        }
        var template = Array((folder + "/.labkiosk-check-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { return .cannotCreate(path: folder, reason: FileDescriptorIO.describe(errno: errno)) }
        close(descriptor)
        unlink(template)
        return nil
    }
}
