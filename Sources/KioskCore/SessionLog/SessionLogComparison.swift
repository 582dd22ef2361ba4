/// Two session logs of the same scenario set side by side, address by address: how many rows
/// of each `type, module, address` match exactly, carry the same value at another time, differ
/// in value at the same time, or appear in one log only (docs/compare.md).
///
/// Made for a lab moving from OpenMATB: one log from OpenMATB, one from labkiosk, of the same
/// scenario and session number. `logtime` (the wall clock) is never compared, nor the rows that
/// only say who wrote the log (`version`, `scenario_path`, labkiosk's settings and notes).
public struct SessionLogComparison: Sendable {
    /// What rows are grouped by.
    public struct Address: Hashable, Comparable, Sendable {
        public var type: String
        public var module: String
        public var address: String

        public static func < (a: Address, b: Address) -> Bool {
            (a.type, a.module, a.address) < (b.type, b.module, b.address)
        }
    }

    /// How a row of one log fared against the other.
    public enum Outcome: Int, CaseIterable, Sendable {
        /// The other log has the same value at the same scenario time (within ``sameTimeTolerance``).
        case exact
        /// The other log has the same value at another time (paired in order of time).
        case shifted
        /// The other log has a different value at the same time.
        case differs
        /// Only the first log has the row.
        case onlyFirst
        /// Only the second log has the row.
        case onlySecond
    }

    /// One pairing shown as an example: the first log's row, the second's, or both.
    public struct Example: Sendable {
        public var outcome: Outcome
        public var first: SessionLogRow?
        public var second: SessionLogRow?
    }

    /// The rows of one address.
    public struct AddressResult: Sendable {
        public var address: Address
        public var firstRows = 0
        public var secondRows = 0
        /// Pairs (or, for one-log outcomes, rows) of each outcome, by ``Outcome/rawValue``.
        public var counts = [Int](repeating: 0, count: Outcome.allCases.count)
        /// How much later the second log's row came than the first's, for each shifted pair.
        public var shifts: [Double] = []
        public var examples: [Example] = []

        public func count(_ outcome: Outcome) -> Int { counts[outcome.rawValue] }

        /// Whether every row of both logs found its match at the same time.
        public var isExact: Bool { Outcome.allCases.allSatisfy { $0 == .exact || count($0) == 0 } }

        /// Whether some row differs or is in one log only.
        public var hasDifferences: Bool { count(.differs) + count(.onlyFirst) + count(.onlySecond) > 0 }
    }

    /// The overall verdict.
    public enum Verdict: Equatable, Sendable {
        /// Every compared row of each log has its match at the same time in the other.
        case identical
        /// Every row has its value in the other log, some at other times.
        case sameValuesAtOtherTimes(addresses: Int)
        /// Some addresses have rows that differ or appear in one log only.
        case different(addresses: Int)
    }

    /// Scenario times closer than this count as the same time: OpenMATB's clock adds float
    /// frame intervals, labkiosk's counts nanoseconds, and both print rounded seconds.
    public static let sameTimeTolerance = 0.001

    public var addresses: [AddressResult]
    public var firstRowCount: Int
    public var secondRowCount: Int

    public var verdict: Verdict {
        let inexact = addresses.filter { !$0.isExact }
        if inexact.isEmpty { return .identical }
        let different = inexact.filter(\.hasDifferences)
        return different.isEmpty ? .sameValuesAtOtherTimes(addresses: inexact.count) : .different(addresses: different.count)
    }

    /// Compares two logs' rows.
    /// - Parameter examplesPerOutcome: how many examples of each inexact outcome each address keeps.
    public init(_ first: [SessionLogRow], _ second: [SessionLogRow], examplesPerOutcome: Int = 3) {
        let firstGroups = Self.grouped(first), secondGroups = Self.grouped(second)
        firstRowCount = firstGroups.values.reduce(0) { $0 + $1.count }
        secondRowCount = secondGroups.values.reduce(0) { $0 + $1.count }
        let keys = Set(firstGroups.keys).union(secondGroups.keys).sorted()
        addresses = keys.map { key in
            Self.compare(firstGroups[key] ?? [], secondGroups[key] ?? [], address: key, examplesPerOutcome: examplesPerOutcome)
        }
    }

    /// Whether a row only says who wrote the log and how, rather than what happened.
    static func describesTheWriter(_ row: SessionLogRow) -> Bool {
        switch row.type {
        case "version", "scenario_path": true
        case "manual":
            row.module == MATBConfiguration.logSettingsModule || row.value.hasPrefix("labkiosk: ")
                || MATBPresentedOnsets.isPresentationRow(type: row.type, module: row.module)
        default: false
        }
    }

    private static func grouped(_ rows: [SessionLogRow]) -> [Address: [SessionLogRow]] {
        var groups: [Address: [SessionLogRow]] = [:]
        for row in rows where !describesTheWriter(row) {
            groups[Address(type: row.type, module: row.module, address: row.address), default: []].append(row)
        }
        return groups
    }

    /// A value as it is compared: a Python object's memory address (`<… object at 0x7f5b…>`,
    /// which OpenMATB logs for widget handles and labkiosk leaves out) does not count.
    static func comparable(_ value: String) -> String {
        guard value.contains(" object at 0x") else { return value }
        var result = ""
        var rest = value[...]
        while let marker = rest.firstRange(of: " object at 0x") {
            result += rest[..<marker.lowerBound] + " object"
            rest = rest[marker.upperBound...].drop { $0.isHexDigit }
        }
        return result + rest
    }

    /// A row's time for pairing: rows without one sort first and pair only with each other.
    private static func time(_ row: SessionLogRow) -> Double { row.scenarioSeconds ?? -.infinity }

    private static func sameTime(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= sameTimeTolerance
    }

    private static func compare(
        _ first: [SessionLogRow], _ second: [SessionLogRow], address: Address, examplesPerOutcome: Int
    ) -> AddressResult {
        var result = AddressResult(address: address, firstRows: first.count, secondRows: second.count)
        func note(_ outcome: Outcome, _ a: SessionLogRow?, _ b: SessionLogRow?) {
            result.counts[outcome.rawValue] += 1
            if outcome != .exact, result.examples.count(where: { $0.outcome == outcome }) < examplesPerOutcome {
                result.examples.append(Example(outcome: outcome, first: a, second: b))
            }
        }
        let a = first.sorted { time($0) < time($1) }, b = second.sorted { time($0) < time($1) }
        var aMatched = [Bool](repeating: false, count: a.count), bMatched = [Bool](repeating: false, count: b.count)

        // 1. The same value at the same time: each value's rows of `b` in time order, walked once.
        var bByValue: [String: [Int]] = [:]
        for (index, row) in b.enumerated() { bByValue[comparable(row.value), default: []].append(index) }
        var nextOfValue: [String: Int] = [:]
        for (i, row) in a.enumerated() {
            let value = comparable(row.value)
            guard let candidates = bByValue[value] else { continue }
            var next = nextOfValue[value] ?? 0
            let t = time(row)
            while next < candidates.count && time(b[candidates[next]]) < t - sameTimeTolerance { next += 1 }
            if next < candidates.count, sameTime(time(b[candidates[next]]), t) {
                aMatched[i] = true
                bMatched[candidates[next]] = true
                note(.exact, row, b[candidates[next]])
                next += 1
            }
            nextOfValue[value] = next
        }

        // 2. The same value at another time: what is left of each value, paired in order.
        var bLeftByValue: [String: [Int]] = [:]
        for (index, row) in b.enumerated() where !bMatched[index] { bLeftByValue[comparable(row.value), default: []].append(index) }
        var takenOfValue: [String: Int] = [:]
        for (i, row) in a.enumerated() where !aMatched[i] {
            let value = comparable(row.value)
            guard let candidates = bLeftByValue[value] else { continue }
            let taken = takenOfValue[value] ?? 0
            guard taken < candidates.count else { continue }
            let j = candidates[taken]
            takenOfValue[value] = taken + 1
            aMatched[i] = true
            bMatched[j] = true
            result.shifts.append(time(b[j]) - time(row))
            note(.shifted, row, b[j])
        }

        // 3. A different value at the same time; then whatever is left is in one log only.
        let aLeft = a.indices.filter { !aMatched[$0] }, bLeft = b.indices.filter { !bMatched[$0] }
        var j = 0
        for i in aLeft {
            let t = time(a[i])
            while j < bLeft.count && time(b[bLeft[j]]) < t - sameTimeTolerance {
                note(.onlySecond, nil, b[bLeft[j]])
                j += 1
            }
            if j < bLeft.count, sameTime(time(b[bLeft[j]]), t) {
                note(.differs, a[i], b[bLeft[j]])
                j += 1
            } else {
                note(.onlyFirst, a[i], nil)
            }
        }
        while j < bLeft.count {
            note(.onlySecond, nil, b[bLeft[j]])
            j += 1
        }
        return result
    }
}
