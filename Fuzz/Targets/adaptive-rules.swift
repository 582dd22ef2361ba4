import KioskCore

// An adaptive rules file as `labkiosk check` and `labkiosk matb --rules` read it (against a
// scenario running every task), then its controller fed performance values and stream samples
// at the ends of what a log can hold and its participants' keys: each rule's decisions must
// alternate.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let catalog = PluginCatalog.openMATB
    let everyTask = Scenario(path: "s.txt", events: [], plugins: catalog.descriptors.map(\.alias), warnings: [])
    guard case .success(let rules) = AdaptiveRulesReader.read(FuzzInput(data, size).text, file: "r.toml", scenario: everyTask) else { return 0 }
    var controller = AdaptiveController(rules: rules)
    let values: [PyValue] = [.float(.nan), .float(.infinity), .float(-.infinity), .float(1e308), .float(-1e308), .int(0), .int(1), .string("MISS"), .none]
    let addresses = ["center_deviation", "cursor_in_target", "signal_detection", "response_time", "correct_radio", "a_deviation", "b_deviation"]
    var engaged: [String: Bool] = [:]
    func check(_ decisions: [AdaptiveController.Decision]) {
        for decision in decisions {
            precondition(engaged[decision.rule.name, default: false] != decision.engaged, "\(decision.rule.name) decided the state it was in")
            engaged[decision.rule.name] = decision.engaged
        }
    }
    for step in 0..<40 {
        let time = ScenarioTime.milliseconds(Int64(step) * Int64(max(rules.evaluationMilliseconds / 2, 1)))
        for (index, address) in addresses.enumerated() {
            let task = index < 2 ? "track" : index < 4 ? "sysmon" : index == 4 ? "communications" : "resman"
            controller.record(LogRecord(logtime: MonotonicTime(nanoseconds: 0), scenarioTime: time, kind: .performance, module: task, address: address,
                                        value: values[(step + index) % values.count]))
        }
        for rule in rules.rules {
            if case .stream(let stream) = rule.trigger {
                let value = values[step % values.count].number ?? .nan
                check(controller.record(InputEvent.StreamSample(stream: stream.key, value: value, streamTime: Double(step)), taken: time, at: time).decisions)
            }
        }
        if controller.nextEvaluation <= time { check(controller.evaluate().decisions) }
        for rule in rules.rules { if case .request(let key) = rule.trigger { check(controller.request(key: key, at: time).decisions) } }
    }
    return 0
}
