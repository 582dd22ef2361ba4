/// What a sysmon step produced, in the order OpenMATB logs it.
enum SysmonOutcome: Equatable {
    /// A pseudo-random draw: its `seed_value` and `seed_output` rows.
    case draw(seed: Int, output: PyValue)
    /// A scored response: its three `performance` rows.
    case response(SysmonResponse)
}
