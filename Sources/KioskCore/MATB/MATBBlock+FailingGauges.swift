extension MATBBlock {
    /// The system-monitoring gauges failing now, with the names their performance rows carry:
    /// none when the scenario runs no sysmon, or it is stopped.
    public var failingGauges: [MATBPresentedOnsets.FailingGauge] {
        guard let host = hosts.first(where: { $0.plugin is SysmonTask }), host.isAlive, let sysmon = host.plugin as? SysmonTask else {
            return []
        }
        return sysmon.failingGaugeNames(host.parameters)
    }
}
