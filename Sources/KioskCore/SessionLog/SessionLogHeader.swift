/// What the opening rows of a session log say about how to run it again: who wrote it, the
/// scenario, the settings rows, and which rows the shell added around the session's own.
public struct SessionLogHeader: Sendable {
    /// The `version` row's value (`labkiosk 0.2.0`, or OpenMATB's `1.4.5`).
    public var version: String?
    /// The `scenario_path` row's value.
    public var scenarioPath: String?
    /// The `manual,labkiosk,<key>,<value>` settings rows, in order.
    public var settings: [(key: String, value: String)]
    /// The SHA-256 the scenario file had when the session started, from the shell's row
    /// `labkiosk: scenario SHA-256 <hex>`.
    public var scenarioDigest: String?
    /// Indices of the rows the shell wrote after `scenario_path` (participant, a batch's
    /// notes): no re-simulation writes them.
    public var shellRows: Range<Int>

    /// Whether labkiosk wrote the log.
    public var isFromLabkiosk: Bool { version?.hasPrefix("labkiosk ") ?? false }

    public init(rows: [SessionLogRow]) {
        version = rows.first { $0.type == "version" }?.value
        scenarioPath = rows.first { $0.type == "scenario_path" }?.value
        let opening = rows.prefix { $0.scenarioTime == "0" }
        settings = opening.filter { $0.type == "manual" && $0.module == MATBConfiguration.logSettingsModule }
            .map { (key: $0.address, value: $0.value) }
        let start = min(2, rows.count)
        let end = rows[start...].firstIndex { !($0.type == "manual" && $0.module.isEmpty && $0.scenarioTime == "0") } ?? rows.count
        shellRows = start..<end
        scenarioDigest = rows[shellRows].first { $0.value.hasPrefix(Self.scenarioDigestPrefix) }
            .map { String($0.value.dropFirst(Self.scenarioDigestPrefix.count)) }
    }

    /// How the shell's row with the scenario file's SHA-256 begins.
    public static let scenarioDigestPrefix = "labkiosk: scenario SHA-256 "
}
