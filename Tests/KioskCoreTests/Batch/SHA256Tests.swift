import Testing
@testable import KioskCore

@Suite struct SHA256Tests {
    // FIPS 180-4 examples, and a message longer than one block fed in uneven pieces.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownDigests(message: String, digest: String) {
        #expect(SHA256.hexDigest(of: Array(message.utf8)) == digest)
    }

    @Test func piecesGiveTheDigestOfTheWhole() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        var hash = SHA256()
        var start = 0
        for size in [1, 63, 64, 65, 1000, 7] + Array(repeating: 4096, count: 300) where start < message.count {
            let end = min(message.count, start + size)
            message[start..<end].withUnsafeBytes { hash.update($0) }
            start = end
        }
        message[start...].withUnsafeBytes { hash.update($0) }
        #expect(hash.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
