/// The name a kiosk's file takes in a zip that staff download (the study's files, its BIDS
/// dataset): `KIOSK/PATH`, as the kiosk named it, when that stays inside its folder; with the
/// characters and names Windows cannot extract replaced, so that the zip unpacks there too.
/// Kiosks name their own files, so a name is not trusted.
public enum ZipEntryName {
    /// `KIOSK/PATH` made safe to extract, or nil when it would climb out of the kiosk's folder
    /// (an empty part, `.`, `..`) or is not a path at all.
    public static func of(kiosk: String, path: String) -> String? {
        let parts = [kiosk] + path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        return parts.map(extractable).joined(separator: "/")
    }

    /// Characters no Windows file name holds: `\` is a separator there, so `..\x` would climb.
    private static let refused: Set<Character> = ["<", ">", ":", "\"", "\\", "|", "?", "*"]
    /// Names Windows keeps for devices, with any extension (`CON.txt` too).
    private static let devices = Set(["CON", "PRN", "AUX", "NUL"] + (1...9).flatMap { ["COM\($0)", "LPT\($0)"] })

    /// One part of a name as Windows can write it: each refused or control character, and
    /// the dots and spaces that end it (which Windows drops), become `_`; a device's name
    /// gets a `_` before it.
    private static func extractable(_ part: String) -> String {
        var characters = part.map { character -> Character in
            refused.contains(character) || character.unicodeScalars.contains { $0.value < 32 || $0.value == 127 } ? "_" : character
        }
        var end = characters.endIndex
        while end > characters.startIndex, [".", " "].contains(characters[end - 1]) {
            end -= 1
            characters[end] = "_"
        }
        let name = String(characters)
        let stem = name.split(separator: ".", maxSplits: 1).first.map { $0.uppercased() } ?? ""
        return devices.contains(stem) ? "_" + name : name
    }
}
