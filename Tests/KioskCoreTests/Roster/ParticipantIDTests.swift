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

    @Test func nearMissesDifferByOneCharacter() {
        let known = ["P017", "P018", "P170", "Q017", "P0177", "P07", "X999"]
        #expect(ParticipantID.nearMisses(of: "P071", in: known) == ["P017", "P07"])
        #expect(ParticipantID.nearMisses(of: "p017", in: known) == ["P017", "P018", "Q017", "P0177", "P07"])
        #expect(ParticipantID.nearMisses(of: "P019", in: known) == ["P017", "P018"])
        #expect(ParticipantID.nearMisses(of: "ABCD", in: known).isEmpty)
    }
}
