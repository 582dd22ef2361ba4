/// Scenario events: lifecycle commands, parameter changes and `system;pause`, each with its
/// event row.
extension MATBBlock {
    func execute(_ event: ScenarioEvent, logtime: MonotonicTime) {
        let time = scenarioTime
        switch event.command {
        case .systemPause:
            records.append(row(logtime, .event, "system", "self", .string("pause")))
            openDialog(.pause(configuration.language), logtime: logtime)
            return
        case .lifecycle(let method):
            guard let host = host(event.plugin) else { return }
            let firstRow = records.count
            records += host.run(method, at: time, logtime: logtime, layout: configuration.layout)
            // A stopped outlet closes before its stop row, which it therefore does not stream.
            drainOutputs()
            records.append(row(logtime, .event, event.plugin, "self", .string(method.rawValue)))
            shownEvents.eventRan(event, on: host, at: time, firstRow: firstRow)
        case .set(let path, let value):
            guard let host = host(event.plugin) else { return }
            let firstRow = records.count
            records += host.set(path, to: value, at: time, logtime: logtime)
            records.append(row(logtime, .event, event.plugin, path, value))
            shownEvents.eventRan(event, on: host, at: time, firstRow: firstRow)
        }
    }

    func host(_ alias: String) -> TaskHost? { hosts.first { $0.alias == alias } }
}
