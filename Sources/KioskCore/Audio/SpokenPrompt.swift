/// A spoken radio prompt: clips of one voice played back to back (docs/openmatb-behaviour.md:
/// Communications).
public struct SpokenPrompt: Hashable, Sendable {
    /// Tells one prompt from the next within a session.
    public var id: Int
    public var voice: Voice
    /// Clip names in playing order, e.g. `empty` ×20, `h`, `s`, `r`, … `point`, `1`, `empty`.
    public var clips: [String]

    public init(id: Int, voice: Voice, clips: [String]) {
        self.id = id
        self.voice = voice
        self.clips = clips
    }

    /// OpenMATB's clip sequence for a prompt: 20 × `empty` (2 s lead-in), each callsign
    /// character, the callsign again, `radio`, the radio name, `frequency`, each character
    /// of the frequency's text with `.` spoken as `point`, then `empty`. Names are lower-cased.
    ///
    /// - Parameter frequencyText: the frequency as Python's `str()` writes it, e.g. `117.1`.
    public static func clips(callsign: String, radio: String, frequencyText: String) -> [String] {
        let callsignClips = callsign.map { String($0).lowercased() }
        let frequencyClips = frequencyText.map { $0 == "." ? "point" : String($0).lowercased() }
        return Array(repeating: "empty", count: 20) + callsignClips + callsignClips
            + ["radio", radio.lowercased(), "frequency"] + frequencyClips + ["empty"]
    }
}
