import FoundationEssentials
import Glibc
import KioskCore
import KioskData

/// Says a prompt sequence's texts with espeak-ng before the block starts, as the
/// communications clips are made (scripts/make-voices: 150 words a minute): each text once,
/// as 44.1 kHz mono samples, whose length times the phases that last until the speech ends.
enum SpeechSynthesis {
    static let executable = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].first { (path: String) in access(path, X_OK) == 0 }

    /// espeak-ng's voice for a language.
    static func voice(for language: Language) -> String {
        language == .fr ? "fr-fr" : "en-us"
    }

    /// Every text's samples, or why there are none (espeak-ng missing, a text it failed on).
    static func say(_ texts: [String], language: Language) -> Result<[String: [Int16]], ShellError> {
        guard !texts.isEmpty else { return .success([:]) }
        guard let executable else {
            return .failure(ShellError("espeak-ng is not installed (Debian: espeak-ng)"))
        }
        var template = Array("/tmp/labkiosk-speech-XXXXXX".utf8CString)
        guard let folder = mkdtemp(&template).map({ String(cString: $0) }) else {
            return .failure(ShellError("cannot make a folder for the speech (\(FileDescriptorIO.describe(errno: errno)))"))
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var spoken: [String: [Int16]] = [:]
        for (index, text) in texts.enumerated() {
            let file = folder + "/\(index).wav"
            guard ChildProcess.output(of: executable, arguments: ["-v", voice(for: language), "-s", "150", "-w", file, "--", text], environment: [:]) != nil,
                  case .success(let samples) = VoiceLibrary.read(URL(fileURLWithPath: file)) else {
                return .failure(ShellError("espeak-ng could not say \"\(text)\""))
            }
            spoken[text] = samples
        }
        return .success(spoken)
    }
}
