/// Makes the behaviour for each registered plugin.
public enum TaskFactory {
    /// The plugin for `descriptor`. Adding a task means adding its line here.
    public static func make(_ descriptor: PluginDescriptor, includes: IncludeLibrary) -> TaskPlugin {
        switch descriptor.alias {
        case "sysmon": SysmonTask()
        case "track": TrackTask()
        case "scheduling": SchedulingTask()
        case "resman": ResmanTask()
        case "communications": CommunicationsTask()
        case "performance": PendingTaskPanel(issue: 5)
        case "instructions", "genericscales", "labstreaminglayer": TextScreen(includes: includes)
        default: MarkerTask()
        }
    }
}
