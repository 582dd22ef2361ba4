/// A query parameter's value in a link: every byte but RFC 3986's unreserved characters as `%XX`.
func percentEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            out.append(Character(Unicode.Scalar(byte)))
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            out += "%" + (hex.count == 1 ? "0" : "") + hex
        }
    }
    return out
}

/// A path segment as its sender meant it: each `%XX` the byte it stands for; nil when a `%` is
/// not followed by two hex digits or the bytes are not UTF-8.
func percentDecoded(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var rest = text.utf8[...]
    while let byte = rest.popFirst() {
        guard byte == UInt8(ascii: "%") else {
            bytes.append(byte)
            continue
        }
        guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
        bytes.append(value)
        rest = rest.dropFirst(2)
    }
    return String(validating: bytes, as: UTF8.self)
}
