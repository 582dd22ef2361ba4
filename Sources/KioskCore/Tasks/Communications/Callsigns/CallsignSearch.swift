/// The bounded search behind `CallsignFeasibility` (see there for the method).
final class CallsignSearch {
    /// The valid callsign characters `A–Z` then `0–9`, as bit positions 0…35.
    private static let allValid: UInt64 = (1 << 36) - 1

    /// The fewest characters a piece must emit, and the valid characters it can emit.
    private struct Need {
        static let impossible = Need(minimumLength: Int.max, characters: 0)
        static let empty = Need(minimumLength: 0, characters: 0)
        var minimumLength: Int
        var characters: UInt64
        var isImpossible: Bool { minimumLength == Int.max }

        /// This piece followed by `other`.
        func then(_ other: Need) -> Need {
            if isImpossible || other.isImpossible { return .impossible }
            return Need(minimumLength: minimumLength + other.minimumLength, characters: characters | other.characters)
        }

        /// Either this piece or `other`.
        func or(_ other: Need) -> Need {
            if isImpossible { return other }
            if other.isImpossible { return self }
            return Need(
                minimumLength: Swift.min(minimumLength, other.minimumLength), characters: characters | other.characters)
        }

        /// Whether it can still be met with the `used` characters taken.
        func fits(_ used: UInt64) -> Bool {
            !isImpossible && (characters & ~used).nonzeroBitCount >= minimumLength
        }
    }

    /// One piece of the pattern, reduced to what matters for valid callsigns.
    private indirect enum Step {
        /// One character among these valid ones (none: the piece always spoils the string).
        case character(UInt64)
        case nothing
        case branch([Sequence])
        /// A group; with an index it records its text for back-references.
        case group(Int?, Sequence)
        case reference(Int)
        /// `count` in `min...max` (max already capped at rstr's 100).
        case repetition(min: Int, max: Int, Sequence)
    }

    /// A sequence of steps with the need of every suffix precomputed.
    private final class Sequence {
        let steps: [Step]
        /// `suffixNeeds[i]` is the need of `steps[i...]`; the last entry is empty.
        let suffixNeeds: [Need]
        let need: Need

        init(_ steps: [Step], needs: [Need]) {
            self.steps = steps
            var suffix = [Need](repeating: .empty, count: steps.count + 1)
            for i in stride(from: steps.count - 1, through: 0, by: -1) {
                suffix[i] = needs[i].then(suffix[i + 1])
            }
            suffixNeeds = suffix
            need = suffix[0]
        }
    }

    /// Where the search stands: the text so far and the group captures.
    private struct State {
        var used: UInt64 = 0
        var text: [UInt8] = []
        var captures: [Int: [UInt8]] = [:]
    }

    /// The deepest chain of nested steps explored, to stay far from the stack limit.
    private static let maximumDepth = 64

    private let needed: Int
    private var budget: Int
    private var depth = 0
    private var outOfBudget = false
    private var found: Set<[UInt8]> = []

    init(needed: Int, budget: Int) {
        self.needed = needed
        self.budget = budget
    }

    func run(_ nodes: [PythonRegexNode]) -> CallsignFeasibility {
        let top = sequence(nodes)
        if !top.need.fits(0) { return .infeasible }
        _ = walk(top, from: 0, State(), rest: .empty) { state in
            self.found.insert(state.text)
            return self.found.count >= self.needed
        }
        if found.count >= needed { return .feasible }
        return outOfBudget ? .undetermined : .infeasible
    }

    // MARK: - Building the reduced tree

    private func sequence(_ nodes: [PythonRegexNode]) -> Sequence {
        var steps: [Step] = []
        var needs: [Need] = []
        for node in nodes {
            let (step, need) = reduce(node)
            steps.append(step)
            needs.append(need)
        }
        return Sequence(steps, needs: needs)
    }

    private func reduce(_ node: PythonRegexNode) -> (Step, Need) {
        switch node {
        case .literal(let code):
            return character(Self.bit(code))
        case .notLiteral(let code):
            return character(Self.allValid & ~Self.bit(code))
        case .any:
            return character(Self.allValid)
        case .set(let negated, let items):
            let mask = items.reduce(UInt64(0)) { $0 | Self.mask(of: $1) }
            return character(negated ? Self.allValid & ~mask : mask)
        case .anchor, .assertNot:
            return (.nothing, .empty)
        case .atomicGroup, .possessiveRepeat, .groupReferenceExists:
            // `Xeger.init` refuses patterns with these, as rstr cannot generate them.
            return (.nothing, .impossible)
        case .branch(let alternatives):
            let sequences = alternatives.map(sequence)
            let need = sequences.reduce(Need.impossible) { $0.or($1.need) }
            return (.branch(sequences), need)
        case .group(let index, let body):
            let inner = sequence(body)
            return (.group(index, inner), inner.need)
        case .assert(let body, _):
            let inner = sequence(body)
            return (.group(nil, inner), inner.need)
        case .groupReference(let index):
            // Repeats text already emitted: it can only ever be empty in a valid callsign.
            return (.reference(index), .empty)
        case .repeat(let minimum, let maximum, _, let body):
            let upper = Swift.min(maximum, Xeger.repeatLimit)
            let inner = sequence(body)
            if minimum > upper { return (.nothing, .impossible) }
            let need: Need
            if minimum == 0 {
                need =
                    inner.need.isImpossible || upper == 0
                    ? .empty : Need(minimumLength: 0, characters: inner.need.characters)
            } else if inner.need.isImpossible {
                need = .impossible
            } else {
                need = Need(minimumLength: minimum * inner.need.minimumLength, characters: inner.need.characters)
            }
            return (.repetition(min: minimum, max: upper, inner), need)
        }
    }

    private func character(_ mask: UInt64) -> (Step, Need) {
        (.character(mask), mask == 0 ? .impossible : Need(minimumLength: 1, characters: mask))
    }

    /// The bit of a valid callsign character, 0 for any other code point.
    private static func bit(_ code: UInt32) -> UInt64 {
        switch code {
        case 65...90: 1 << UInt64(code - 65)
        case 48...57: 1 << UInt64(code - 48 + 26)
        default: 0
        }
    }

    private static func mask(of item: PythonRegexNode.SetItem) -> UInt64 {
        switch item {
        case .literal(let code):
            return bit(code)
        case .range(let low, let high):
            let valid: [UInt32] = Array(48...57) + Array(65...90)
            return valid.reduce(UInt64(0)) { mask, code in (low...high).contains(code) ? mask | bit(code) : mask }
        case .category(let category):
            return PythonAlphabets.category(category).reduce(UInt64(0)) { $0 | bit($1) }
        }
    }

    private static func code(ofBit index: Int) -> UInt8 {
        index < 26 ? UInt8(65 + index) : UInt8(48 + index - 26)
    }

    // MARK: - Search (continuation-passing; a continuation returns true to stop)

    private func tick() -> Bool {
        budget -= 1
        if budget < 0 {
            outOfBudget = true
            return false
        }
        return true
    }

    private func walk(_ sequence: Sequence, from index: Int, _ state: State, rest: Need, _ next: (State) -> Bool)
        -> Bool
    {
        if index == sequence.steps.count { return next(state) }
        let after = sequence.suffixNeeds[index + 1].then(rest)
        return walk(sequence.steps[index], state, rest: after) { state in
            self.walk(sequence, from: index + 1, state, rest: rest, next)
        }
    }

    private func walk(_ step: Step, _ state: State, rest: Need, _ next: (State) -> Bool) -> Bool {
        guard tick() else { return true }
        if depth >= Self.maximumDepth {
            outOfBudget = true
            return true
        }
        depth += 1
        defer { depth -= 1 }
        switch step {
        case .character(let mask):
            var available = mask & ~state.used
            while available != 0 {
                let index = available.trailingZeroBitCount
                available &= available - 1
                var advanced = state
                advanced.used |= 1 << UInt64(index)
                advanced.text.append(Self.code(ofBit: index))
                if rest.fits(advanced.used), next(advanced) { return true }
            }
            return false
        case .nothing:
            return next(state)
        case .branch(let alternatives):
            for alternative in alternatives where alternative.need.then(rest).fits(state.used) {
                if walk(alternative, from: 0, state, rest: rest, next) { return true }
            }
            return false
        case .group(let index, let body):
            let start = state.text.count
            return walk(body, from: 0, state, rest: rest) { inner in
                var closed = inner
                if let index { closed.captures[index] = Array(inner.text[start...]) }
                return next(closed)
            }
        case .reference(let index):
            // A missing group makes rstr fail; non-empty text repeats used characters.
            guard let text = state.captures[index], text.isEmpty else { return false }
            return next(state)
        case .repetition(let minimum, let maximum, let body):
            for count in minimum...maximum {
                if body.need.isImpossible && count > 0 { break }
                if repeatNeed(body, count).then(rest).fits(state.used) {
                    if repeatWalk(body, remaining: count, state, rest: rest, next) { return true }
                } else if body.need.minimumLength > 0 {
                    break  // more repetitions only need more characters
                }
            }
            return false
        }
    }

    private func repeatNeed(_ body: Sequence, _ count: Int) -> Need {
        if count == 0 { return .empty }
        if body.need.isImpossible { return .impossible }
        return Need(minimumLength: count * body.need.minimumLength, characters: body.need.characters)
    }

    private func repeatWalk(_ body: Sequence, remaining: Int, _ state: State, rest: Need, _ next: (State) -> Bool)
        -> Bool
    {
        if remaining == 0 { return next(state) }
        let after = repeatNeed(body, remaining - 1).then(rest)
        return walk(body, from: 0, state, rest: after) { state in
            self.repeatWalk(body, remaining: remaining - 1, state, rest: rest, next)
        }
    }
}
