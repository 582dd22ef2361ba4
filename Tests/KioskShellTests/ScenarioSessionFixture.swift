import KioskCore

/// A session built from scenario text, for rendering tests.
struct ScenarioSessionFixture {
    let session: MATBSession
    private var elapsed = 0.0
    static let start = MonotonicTime(nanoseconds: 1_000_000_000_000)

    init(_ text: String, includes: [String: String]) throws {
        let names = Set(includes.keys)
        let scenario = try ScenarioValidator(context: ValidationContext { _, name in names.contains(name) })
            .validate(Array(text.utf8), path: "t.txt").get()
        session = MATBSession(scenario: scenario, configuration: SessionConfiguration(
            sessionNumber: 1, version: "t", includes: IncludeLibrary(texts: includes)))
        session.begin(at: Self.start)
        session.advance(to: Self.start)
    }

    mutating func advance(seconds: Double) {
        elapsed += seconds
        session.advance(to: MonotonicTime(nanoseconds: Self.start.nanoseconds + Int64(elapsed * 1e9)))
    }
}
