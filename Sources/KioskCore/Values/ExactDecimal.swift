/// The exact decimal value of a finite `Double`: `±digits / 10^fractionDigits`.
///
/// Every binary double has a finite decimal expansion (`m × 2^-k = m × 5^k / 10^k`).
/// Python's `round(x, n)` rounds that exact expansion, not the shortest repr, which is why
/// `round(2.675, 2)` is `2.67`: 2.675 is really 2.67499999999999982236431605997495353221893310546875.
struct ExactDecimal: Hashable, Sendable {
    /// Decimal digits of the integer numerator, most significant first; `[0]` for zero.
    var digits: [UInt8]
    /// How many of `digits` lie after the decimal point.
    var fractionDigits: Int
    /// The sign bit of the double, so `-0.0` stays negative.
    var isNegative: Bool

    /// The exact expansion of `x`, or `nil` for NaN and infinities.
    init?(_ x: Double) {
        guard x.isFinite else { return nil }
        isNegative = x.sign == .minus
        var significand = x.significandBitPattern
        var binaryExponent: Int
        if x.exponentBitPattern == 0 {
            binaryExponent = -1074
        } else {
            significand |= 1 << 52
            binaryExponent = Int(x.exponentBitPattern) - 1075
        }
        guard significand != 0 else {
            digits = [0]
            fractionDigits = 0
            return
        }
        // An odd significand keeps the expansion as short as possible.
        let zeroBits = significand.trailingZeroBitCount
        significand >>= UInt64(zeroBits)
        binaryExponent += zeroBits

        var limbs = [UInt32(truncatingIfNeeded: significand), UInt32(truncatingIfNeeded: significand >> 32)]
        if binaryExponent >= 0 {
            Self.multiply(&limbs, byPowerOf: 2, exponent: binaryExponent, chunkExponent: 31)
            fractionDigits = 0
        } else {
            // 5^13 is the largest power of five below 2^32.
            Self.multiply(&limbs, byPowerOf: 5, exponent: -binaryExponent, chunkExponent: 13)
            fractionDigits = -binaryExponent
        }
        digits = Self.decimalDigits(of: limbs)
    }

    /// Multiplies a little-endian base-2^32 number by `base^exponent`, `chunkExponent`
    /// factors of `base` at a time (the chunk must fit in 32 bits).
    private static func multiply(_ limbs: inout [UInt32], byPowerOf base: UInt64, exponent: Int, chunkExponent: Int) {
        var chunk: UInt64 = 1
        for _ in 0..<chunkExponent { chunk *= base }
        var remaining = exponent
        while remaining > 0 {
            var factor = chunk
            if remaining < chunkExponent {
                factor = 1
                for _ in 0..<remaining { factor *= base }
            }
            remaining -= chunkExponent
            var carry: UInt64 = 0
            for index in limbs.indices {
                let product = UInt64(limbs[index]) * factor + carry
                limbs[index] = UInt32(truncatingIfNeeded: product)
                carry = product >> 32
            }
            if carry != 0 { limbs.append(UInt32(truncatingIfNeeded: carry)) }
        }
    }

    /// The decimal digits of a little-endian base-2^32 number, most significant first.
    private static func decimalDigits(of limbs: [UInt32]) -> [UInt8] {
        let chunkBase: UInt64 = 1_000_000_000
        var work = limbs
        while work.last == 0 { work.removeLast() }
        // Nine-digit groups, least significant first.
        var groups: [UInt32] = []
        while !work.isEmpty {
            var remainder: UInt64 = 0
            for index in work.indices.reversed() {
                let current = (remainder << 32) | UInt64(work[index])
                work[index] = UInt32(truncatingIfNeeded: current / chunkBase)
                remainder = current % chunkBase
            }
            groups.append(UInt32(truncatingIfNeeded: remainder))
            while work.last == 0 { work.removeLast() }
        }
        var result: [UInt8] = []
        for (position, group) in groups.reversed().enumerated() {
            var groupDigits = [UInt8](repeating: 0, count: 9)
            var value = group
            for slot in groupDigits.indices.reversed() {
                groupDigits[slot] = UInt8(value % 10)
                value /= 10
            }
            // The leading group carries no zero padding.
            if position == 0, let first = groupDigits.firstIndex(where: { $0 != 0 }) {
                result.append(contentsOf: groupDigits[first...])
            } else {
                result.append(contentsOf: groupDigits)
            }
        }
        return result.isEmpty ? [0] : result
    }
}
