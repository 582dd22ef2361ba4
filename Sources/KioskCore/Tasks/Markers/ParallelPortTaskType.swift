extension TaskType {
    /// Parallel-port triggers (OpenMATB plugins/parallelport.py); without a port (no `trigger`
    /// parameter) there is nothing to send.
    public static let parallelport = TaskType(descriptor: .parallelport) { descriptor, _ in
        descriptor.parameter("trigger") != nil ? ParallelPortTask() as TaskPlugin : MarkerTask()
    }
}
