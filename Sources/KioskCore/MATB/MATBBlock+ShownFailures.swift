extension MATBBlock {
    /// The system-monitoring failures on screen once the block advanced: none when the
    /// scenario runs no sysmon, or it is stopped.
    public var shownSysmonFailures: [SysmonShownFailure] {
        guard let host = hosts.first(where: { $0.plugin is SysmonTask }), host.isAlive, let sysmon = host.plugin as? SysmonTask else {
            return []
        }
        return sysmon.shownFailures(host.parameters)
    }
}
