/// JSON text written by hand where a few fields are all there is (the session list, BIDS
/// sidecars): the core has no Foundation and no JSON library.
public enum JSONText {
    /// A JSON string: quotes, backslashes and control characters escaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// An object from fields whose values are JSON text already.
    public static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { quoted($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }
}
