import ArgumentParser
import Glibc

/// A password read from standard input: one line of at most 1,024 bytes. Standard input may be
/// endless (`yes`, /dev/zero), so reading stops there rather than taking gigabytes.
func secretLine() throws -> String {
    let limit = 1024
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while read(STDIN_FILENO, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
        guard bytes.count < limit else { throw ValidationError("a password is one line of at most \(limit) bytes; standard input held more") }
        bytes.append(byte)
    }
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
}
