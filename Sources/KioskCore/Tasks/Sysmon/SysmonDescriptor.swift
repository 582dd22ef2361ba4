/// The sysmon plugin: four scales and two lights that fail on scenario command (docs/openmatb-behaviour.md:
/// System monitoring).
extension PluginDescriptor {
    /// System monitoring: top-left, 200 ms updates, non-blocking.
    public static let sysmon = SysmonDescriptor.descriptor
}

/// Builds sysmon's parameter tree in OpenMATB's dump order.
///
/// Order (docs/openmatb-behaviour.md: System monitoring): the common leaves, then its parameter table's order
/// (`alerttimeout` …
/// `feedbacks-negative-color`), then `lights-1`, `lights-2`, then `scales-1` … `scales-4`.
/// The validator-only entries `lights-N-onfailure` / `scales-N-onfailure` have no leaf, so a
/// scenario setting them gets "does not have a … parameter".
enum SysmonDescriptor {
    static let descriptor = CommonParameters.descriptor(
        alias: PluginAlias.sysmon, titleMsgid: "System monitoring", placement: .topleft,
        updatePeriodMilliseconds: 200, isBlocking: false, ownLeaves: ownLeaves())

    private static func ownLeaves() -> [ParameterSpec] {
        var leaves = [
            ParameterSpec("alerttimeout", .int(10000), .positive),
            ParameterSpec("automaticsolver", .bool(false), .bool),
            ParameterSpec("automaticsolverdelay", .int(1000), .positive),
            ParameterSpec("displayautomationstate", .bool(true), .bool),
            ParameterSpec("allowanykey", .bool(false), .bool),
            ParameterSpec("feedbackduration", .int(1500), .positive),
            ParameterSpec("feedbacks-positive-active", .bool(true), .bool),
            ParameterSpec("feedbacks-positive-color", .color(.green), .color),
            ParameterSpec("feedbacks-negative-active", .bool(true), .bool),
            ParameterSpec("feedbacks-negative-color", .color(.red), .color),
        ]
        leaves += light(1, name: "F5", nominalState: "on", onColor: .green, isOn: true)
        leaves += light(2, name: "F6", nominalState: "off", onColor: .red, isOn: false)
        for (number, name) in zip(1...4, ["F1", "F2", "F3", "F4"]) {
            leaves += scale(number, name: name)
        }
        return leaves
    }

    /// Light `number`: name, failure, default, oncolor, key, on, the gauge privates, widget.
    /// Its response key defaults to its name.
    private static func light(
        _ number: Int, name: String, nominalState: String, onColor: Color, isOn: Bool
    ) -> [ParameterSpec] {
        let prefix = "lights-\(number)-"
        return [
            ParameterSpec(prefix + "name", .string(name), .string),
            ParameterSpec(prefix + "failure", .bool(false), .bool),
            ParameterSpec(prefix + "default", .string(nominalState), .oneOf(["on", "off"])),
            ParameterSpec(prefix + "oncolor", .color(onColor), .color),
            ParameterSpec(prefix + "key", .string(name), .key),
            ParameterSpec(prefix + "on", .bool(isOn), .bool),
        ] + gaugePrivates(prefix)
            + [.widgetHandle(prefix + "widget", pythonClass: "core.widgets.light.Light")]
    }

    /// Scale `number`: name, failure, side, key, the gauge privates, the scale privates,
    /// widget. Its response key defaults to its name.
    private static func scale(_ number: Int, name: String) -> [ParameterSpec] {
        let prefix = "scales-\(number)-"
        return [
            ParameterSpec(prefix + "name", .string(name), .string),
            ParameterSpec(prefix + "failure", .bool(false), .bool),
            ParameterSpec(prefix + "side", .int(0), .oneOf(["-1", "0", "1"])),
            ParameterSpec(prefix + "key", .string(name), .key),
        ] + gaugePrivates(prefix) + [
            ParameterSpec(prefix + "_pos", .int(5), nil),
            ParameterSpec(prefix + "_zone", .int(0), nil),
            ParameterSpec(prefix + "_feedbacktimer", .none, nil),
            ParameterSpec(prefix + "_feedbacktype", .none, nil),
            .widgetHandle(prefix + "widget", pythonClass: "core.widgets.scale.Scale"),
        ]
    }

    /// The private leaves every gauge gets in the constructor.
    private static func gaugePrivates(_ prefix: String) -> [ParameterSpec] {
        [
            ParameterSpec(prefix + "_failuretimer", .none, nil),
            ParameterSpec(prefix + "_onfailure", .bool(false), nil),
            ParameterSpec(prefix + "_milliresponsetime", .int(0), nil),
            ParameterSpec(prefix + "_freezetimer", .none, nil),
        ]
    }
}
