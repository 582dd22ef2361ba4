import Testing
@testable import KioskCore

@Suite struct ParticipantIDTests {
    @Test func ordinaryIDsAreAccepted() {
        for id in ["P017", "p-017", "S1_visit", "Ünal7", "017"] { #expect(ParticipantID.problem(id) == nil, "\(id)") }
    }

    @Test func unsafeIDsAreRefusedWithTheReason() throws {
        #expect(try #require(ParticipantID.problem("")).contains("empty"))
        #expect(try #require(ParticipantID.problem("P017\r\n")).contains("control characters (U+D)"))
        #expect(try #require(ParticipantID.problem("P017\t")).contains("scanner"))
        #expect(try #require(ParticipantID.problem(String(repeating: "7", count: 200))).contains("200 characters; at most 40"))
        #expect(try #require(ParticipantID.problem("P 17")).contains("spaces"))
        #expect(try #require(ParticipantID.problem("--again")).contains("option"))
        #expect(try #require(ParticipantID.problem("..")).contains("folder above"))
        #expect(try #require(ParticipantID.problem("../etc")).contains("folder above"))
        #expect(try #require(ParticipantID.problem("a/b")).contains("'/'"))
        #expect(try #require(ParticipantID.problem("$(reboot)")).contains("'$'"))
        #expect(try #require(ParticipantID.problem("x;rm")).contains("command"))
        #expect(try #require(ParticipantID.problem("P\u{200B}17")).contains("control characters"))
    }

    @Test func nearMissesAreTheSlipsOfAScannerOrAHurriedHand() {
        let known = ["P017", "P018", "P170", "Q017", "P0177", "P07", "X999"]
        #expect(ParticipantID.nearMisses(of: "P071", in: known) == ["P017"], "neighbours swapped")
        #expect(ParticipantID.nearMisses(of: "p017", in: known) == ["P017", "P0177"], "letter case; a 7 dropped from P0177")
        #expect(ParticipantID.nearMisses(of: "P0117", in: known) == ["P017"], "a 1 doubled")
        #expect(ParticipantID.nearMisses(of: "P0217", in: known).isEmpty, "a character added that doubles nothing")
        #expect(ParticipantID.nearMisses(of: "ABCD", in: known).isEmpty)
    }

    /// The next participant of a sequence is not asked about: one character changed.
    @Test func theNextSequentialIDIsNoNearMiss() {
        #expect(ParticipantID.nearMisses(of: "P102", in: ["P101", "P100", "P099"]).isEmpty)
        #expect(ParticipantID.nearMisses(of: "P019", in: ["P017", "P018"]).isEmpty)
    }
}
