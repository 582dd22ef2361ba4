import Testing
@testable import KioskCore

@Suite struct PlanOrderTests {
    /// welcome, easy, hard, questionnaire, pad — easy and hard in group "conditions".
    private func plan(_ method: CounterbalanceMethod?, conditions: Int = 2) -> Plan {
        var blocks = [PlanBlock(kind: .instructions, file: "welcome.txt")]
        for index in 0..<conditions { blocks.append(PlanBlock(kind: .matb, file: "c\(index).txt", group: "conditions")) }
        blocks += [PlanBlock(kind: .questionnaire, file: "nasatlx_en.txt"), PlanBlock(kind: .pad, file: "drawing.ini")]
        return Plan(studyName: "workload-pilot", blocks: blocks, counterbalance: method.map { ["conditions": $0] } ?? [:])
    }

    @Test func onlyTheGroupsPlacesChangeHands() throws {
        let order = try PlanOrder.resolve(plan(.latinSquare), participant: "P002")
        #expect(order.blocks == [0, 2, 1, 3, 4])
        #expect(order.decisions == ["conditions: latin-square, participant number 2, row 2 of 2: matb c1.txt, matb c0.txt"])
        #expect(try PlanOrder.resolve(plan(.latinSquare), participant: "P003").blocks == [0, 1, 2, 3, 4])
        #expect(try PlanOrder.resolve(plan(nil), participant: "x").blocks == [0, 1, 2, 3, 4])
    }

    @Test(arguments: [2, 3, 4, 5, 6])
    func aLatinSquareIsBalancedOverItsRows(n: Int) {
        let square = PlanOrder.balancedLatinSquare(n)
        #expect(square.count == (n % 2 == 0 ? n : 2 * n))
        for position in 0..<n {
            var counts = [Int](repeating: 0, count: n)
            for row in square { counts[row[position]] += 1 }
            #expect(Set(counts).count == 1, "every block takes place \(position) equally often")
        }
        // First-order carry-over: every ordered pair follows equally often.
        var follows: [[Int]] = Array(repeating: Array(repeating: 0, count: n), count: n)
        for row in square { for (a, b) in zip(row, row.dropFirst()) { follows[a][b] += 1 } }
        let offDiagonal = (0..<n).flatMap { a in (0..<n).filter { $0 != a }.map { follows[a][$0] } }
        #expect(Set(offDiagonal).count == 1)
    }

    @Test func aShuffleIsTheSameForTheSameParticipantAndLogsItsSeed() throws {
        let first = try PlanOrder.resolve(plan(.shuffle, conditions: 5), participant: "anna")
        #expect(try PlanOrder.resolve(plan(.shuffle, conditions: 5), participant: "anna") == first)
        #expect(first.decisions[0].hasPrefix("conditions: shuffle, seed \(PlanOrder.shuffleSeed(study: "workload-pilot", group: "conditions", participant: "anna")): "))
        let orders = Set((1...40).map { (try? PlanOrder.resolve(plan(.shuffle, conditions: 5), participant: "p\($0)").blocks) ?? [] })
        #expect(orders.count > 20, "participants get different orders")
        #expect(Set(first.blocks) == Set(0..<8))
    }

    @Test func aLatinSquareWithoutAParticipantNumberIsRefused() {
        #expect(throws: PlanOrder.Problem.noParticipantNumber(participant: "anna", group: "conditions")) {
            try PlanOrder.resolve(plan(.latinSquare), participant: "anna")
        }
    }

    @Test func aParticipantNumberIsEveryDigitOfTheID() throws {
        #expect(PlanOrder.participantNumber("P1000000001") == 1_000_000_001)
        #expect(PlanOrder.participantNumber("P017") == 17)
        #expect(PlanOrder.participantNumber("P000") == 0)
        #expect(PlanOrder.participantNumber("P" + String(repeating: "9", count: 18)) == 999_999_999_999_999_999)
        let order = try PlanOrder.resolve(plan(.latinSquare), participant: "P1000000001")
        #expect(order.decisions[0].hasPrefix("conditions: latin-square, participant number 1000000001, "))
    }

    @Test func aParticipantNumberTooLongForAnyRowIsRefusedNotCut() {
        let long = "P" + String(repeating: "1", count: 19)
        #expect(PlanOrder.participantNumber(long) == nil)
        #expect(PlanOrder.participantNumber("P0000000000000000000000000042") == 42)
        #expect(throws: PlanOrder.Problem.noParticipantNumber(participant: long, group: "conditions")) {
            try PlanOrder.resolve(plan(.latinSquare), participant: long)
        }
        #expect(PlanOrder.Problem.noParticipantNumber(participant: long, group: "g").description.hasSuffix("has more"))
    }
}
