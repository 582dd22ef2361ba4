/// The order a participant goes through a plan's blocks: each counterbalanced group's blocks
/// are permuted among the places the group's blocks hold in the plan; every other block stays
/// where it is. Deterministic: the same plan and participant always give the same order.
public struct PlanOrder: Hashable, Sendable {
    /// Indices into the plan's blocks, in running order.
    public var blocks: [Int]
    /// What was chosen and why, one line per group, for the batch's log.
    public var decisions: [String]

    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// A Latin square needs a participant number.
        case noParticipantNumber(participant: String, group: String)

        public var description: String {
            switch self {
            case .noParticipantNumber(let participant, let group):
                "group `\(group)` is ordered by a Latin square, which needs a participant number (the ID's digits, at most \(PlanOrder.participantNumberDigits) of them), and `\(participant)` has "
                    + (participant.contains(where: \.isASCIIDigit) ? "more" : "none")
            }
        }
    }

    public static func resolve(_ plan: Plan, participant: String) throws(Problem) -> PlanOrder {
        var order = Array(plan.blocks.indices)
        var decisions: [String] = []
        for group in plan.groups {
            let places = plan.blocks.indices.filter { plan.blocks[$0].group == group }
            let method = plan.counterbalance[group] ?? .fixed
            let permutation: [Int]
            switch method {
            case .fixed:
                permutation = Array(places.indices)
                decisions.append("\(group): fixed")
            case .latinSquare:
                guard let number = participantNumber(participant) else { throw .noParticipantNumber(participant: participant, group: group) }
                let square = balancedLatinSquare(places.count)
                let row = ((number - 1) % square.count + square.count) % square.count
                permutation = square[row]
                decisions.append("\(group): latin-square, participant number \(number), row \(row + 1) of \(square.count)")
            case .shuffle:
                let seed = shuffleSeed(study: plan.studyName, group: group, participant: participant)
                permutation = shuffled(places.count, seed: seed)
                decisions.append("\(group): shuffle, seed \(seed)")
            }
            for (slot, chosen) in zip(places, permutation) { order[slot] = places[chosen] }
            decisions[decisions.count - 1] += ": " + permutation.map { plan.blocks[places[$0]].title }.joined(separator: ", ")
        }
        return PlanOrder(blocks: order, decisions: decisions)
    }

    /// The order of one visit's blocks: the whole plan's order, so a participant's groups are
    /// the same at every visit, kept to the blocks of `visit` and the decisions about them.
    public func restricted(toVisit visit: String, of plan: Plan) -> PlanOrder {
        let kept = blocks.filter { plan.blocks[$0].visit == visit }
        let groups = Set(kept.compactMap { plan.blocks[$0].group })
        return PlanOrder(blocks: kept, decisions: decisions.filter { decision in groups.contains { decision.hasPrefix($0 + ": ") } })
    }

    /// The most digits a participant number may have: every such number fits an `Int`.
    public static let participantNumberDigits = 18

    /// The number in a participant id: its digits (`P017` → 17); nil without any, or with
    /// more than ``participantNumberDigits`` after leading zeros (never a part of them:
    /// `P1000000001` and `P1` must not fall in one row).
    public static func participantNumber(_ participant: String) -> Int? {
        let digits = participant.filter(\.isASCIIDigit).drop { $0 == "0" }
        guard participant.contains(where: \.isASCIIDigit), digits.count <= participantNumberDigits else { return nil }
        return digits.isEmpty ? 0 : Int(digits)
    }

    /// Rows of a balanced Latin square of order n (Williams): n rows for even n; for odd n
    /// the n rows and their mirror images, so first-order carry-over balances too.
    public static func balancedLatinSquare(_ n: Int) -> [[Int]] {
        guard n > 1 else { return [Array(0..<n)] }
        // First row 0, 1, n−1, 2, n−2, …; each next row adds 1 modulo n.
        var first: [Int] = [0]
        var low = 1, high = n - 1
        while first.count < n {
            first.append(low)
            low += 1
            if first.count < n {
                first.append(high)
                high -= 1
            }
        }
        let rows = (0..<n).map { shift in first.map { ($0 + shift) % n } }
        return n % 2 == 0 ? rows : rows + rows.map { Array($0.reversed()) }
    }

    /// A 64-bit seed from the study, group and participant (FNV-1a over their UTF-8 bytes).
    public static func shuffleSeed(study: String, group: String, participant: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(study)\u{0}\(group)\u{0}\(participant)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// A Fisher–Yates shuffle of 0..<n driven by SplitMix64 from `seed`.
    public static func shuffled(_ n: Int, seed: UInt64) -> [Int] {
        var generator = SplitMix64(seed: seed)
        var items = Array(0..<n)
        guard n > 1 else { return items }
        for i in stride(from: n - 1, to: 0, by: -1) {
            let j = Int(generator.next() % UInt64(i + 1))
            items.swapAt(i, j)
        }
        return items
    }
}
