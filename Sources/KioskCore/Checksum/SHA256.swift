/// SHA-256 (FIPS 180-4), fed in pieces, for the session catalogue's file checksums.
///
/// Written here rather than taken from a library: swift-crypto brings all of Foundation into
/// the binary (+74 MB, +6 MB resident, measured with GRDB), and OpenSSL's libcrypto costs every session
/// about 1.2 MB of resident memory for one function the catalogue calls at block ends.
public struct SHA256: Sendable {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var pending: [UInt8] = []
    private var byteCount: UInt64 = 0

    public init() {
        pending.reserveCapacity(64)
    }

    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        var start = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<take])
            start = take
            if pending.count == 64 {
                compress(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        while buffer.count - start >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: buffer[start..<start + 64]))
            start += 64
        }
        pending.append(contentsOf: buffer[start...])
        byteCount &+= UInt64(buffer.count)
    }

    /// The digest as 64 lowercase hexadecimal digits.
    public func hexDigest() -> String {
        var hash = self
        return hash.finish()
    }

    private mutating func finish() -> String {
        let bitLength = byteCount &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        for start in stride(from: 0, to: tail.count, by: 64) { compress(tail[start..<start + 64]) }
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for word in state {
            for shift in stride(from: 28, through: 0, by: -4) { text.append(digits[Int((word >> UInt32(shift)) & 0xf)]) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The digest of `bytes` in one call.
    public static func hexDigest(of bytes: [UInt8]) -> String {
        var hash = SHA256()
        bytes.withUnsafeBytes { hash.update($0) }
        return hash.hexDigest()
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private mutating func compress<Block: Collection<UInt8>>(_ block: Block) where Block.Index == Int {
        let base = block.startIndex
        compress { i in
            UInt32(block[base + i]) << 24 | UInt32(block[base + i + 1]) << 16 | UInt32(block[base + i + 2]) << 8 | UInt32(block[base + i + 3])
        }
    }

    private mutating func compress(_ block: UnsafeRawBufferPointer) {
        compress { i in UInt32(block[i]) << 24 | UInt32(block[i + 1]) << 16 | UInt32(block[i + 2]) << 8 | UInt32(block[i + 3]) }
    }

    /// One 64-byte block; `bigEndianWord(offset)` reads its word at a byte offset.
    private mutating func compress(bigEndianWord: (Int) -> UInt32) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for i in 0..<16 { w[i] = bigEndianWord(4 * i) }
            for i in 16..<64 {
                let s0 = w[i - 15].rotatedRight(7) ^ w[i - 15].rotatedRight(18) ^ (w[i - 15] >> 3)
                let s1 = w[i - 2].rotatedRight(17) ^ w[i - 2].rotatedRight(19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
            for i in 0..<64 {
                let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                let choice = (e & f) ^ (~e & g)
                let t1 = h &+ s1 &+ choice &+ Self.roundConstants[i] &+ w[i]
                let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ s0 &+ majority)
            }
            state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
            state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
        }
    }
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { (self >> count) | (self << (32 - count)) }
}
