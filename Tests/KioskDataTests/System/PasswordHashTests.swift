import Testing
@testable import KioskData

@Suite struct PasswordHashTests {
    @Test func aSecretIsKeptAsAYescryptHashThatOnlyItMatches() throws {
        let hash = try PasswordHash.hash("2468")
        #expect(hash.hasPrefix("$y$") && !hash.contains("2468"))
        #expect(try PasswordHash.hash("2468") != hash, "a new salt each time")
        #expect(PasswordHash.verify("2468", against: hash))
        #expect(!PasswordHash.verify("2469", against: hash))
        #expect(!PasswordHash.verify("", against: hash))
        #expect(PasswordHash.isHash(hash))
        #expect(!PasswordHash.isHash("2468"))
        #expect(!PasswordHash.verify("2468", against: "2468"))
    }
}
