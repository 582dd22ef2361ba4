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
        case "performance": PerformanceTask()
        case "instructions": InstructionsTask(includes: includes)
        case "genericscales": GenericScalesTask(includes: includes)
        case "labstreaminglayer": LabStreamingLayerTask(includes: includes)
        // Without a port (no `trigger` parameter) there is nothing to send.
        case "parallelport": descriptor.parameter("trigger") != nil ? ParallelPortTask() : MarkerTask()
        default: MarkerTask()
        }
    }
}
