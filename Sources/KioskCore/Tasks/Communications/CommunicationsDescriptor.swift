/// The communications plugin: radio prompts to tune (docs/openmatb-behaviour.md: Communications).
extension PluginDescriptor {
    /// Communications: bottom-left, 80 ms updates, non-blocking.
    public static let communications = CommunicationsDescriptor.descriptor
}

/// Builds communications' parameter tree in OpenMATB's dump order (docs/openmatb-behaviour.md:
/// Communications): the common leaves, `callsignregex` … `promptlist`, `automaticsolver`,
/// `displayautomationstate`, `feedbackduration`, `feedbacks-…`, `keys-…`, then `radios-0` …
/// `radios-3`.
///
/// Generated defaults are placeholders here, filled by the communications task when it is
/// constructed: `owncallsign` (`""`, as before OpenMATB generates it), `othercallsign`
/// (`[]`) and each radio's `currentfreq` (`None`). The radios are built from the default
/// `promptlist`; none of their leaves has a validator.
enum CommunicationsDescriptor {
    /// The radio names, in radio order; also the `promptlist` default and choices.
    static let radioNames = ["NAV_1", "NAV_2", "COM_1", "COM_2"]
    /// OpenMATB's default `callsignregex`.
    static let defaultCallsignRegex = #"[A-Z][A-Z][A-Z]\d\d\d"#

    static let descriptor = CommonParameters.descriptor(
        alias: PluginAlias.communications, titleMsgid: "Communications", placement: .bottomleft,
        updatePeriodMilliseconds: 80, isBlocking: false, ownLeaves: ownLeaves())

    private static func ownLeaves() -> [ParameterSpec] {
        var leaves = [
            ParameterSpec("callsignregex", .string(defaultCallsignRegex), .regex),
            ParameterSpec("owncallsign", .string(""), .callsign),
            ParameterSpec("othercallsign", .list([]), .callsigns),
            ParameterSpec("othercallsignnumber", .int(5), .positive),
            ParameterSpec("airbandminMhz", .float(108.0), .positiveFloat),
            ParameterSpec("airbandmaxMhz", .float(137.0), .positiveFloat),
            ParameterSpec("airbandminvariationMhz", .int(5), .positive),
            ParameterSpec("airbandmaxvariationMhz", .int(6), .positive),
            // OpenMATB lists the folders of includes/sounds; labkiosk ships its own voices,
            // english and french, each male and female.
            ParameterSpec("voicegender", .string("female"), .oneOf(["female", "male"])),
            ParameterSpec("voiceidiom", .string("french"), .oneOf(["english", "french"])),
            ParameterSpec("radioprompt", .string(""), .oneOf(["own", "other"])),
            ParameterSpec("maxresponsedelay", .int(20000), .positive),
            ParameterSpec("promptlist", .list(radioNames.map(PyValue.string)), .oneOf(radioNames)),
            ParameterSpec("automaticsolver", .bool(false), .bool),
            ParameterSpec("displayautomationstate", .bool(true), .bool),
            ParameterSpec("feedbackduration", .int(1500), .positive),
            ParameterSpec("feedbacks-positive-active", .bool(false), .bool),
            ParameterSpec("feedbacks-positive-color", .color(.green), .color),
            ParameterSpec("feedbacks-negative-active", .bool(false), .bool),
            ParameterSpec("feedbacks-negative-color", .color(.red), .color),
            ParameterSpec("keys-selectradioup", .string("UP"), .key),
            ParameterSpec("keys-selectradiodown", .string("DOWN"), .key),
            ParameterSpec("keys-tunefrequencyup", .string("RIGHT"), .key),
            ParameterSpec("keys-tunefrequencydown", .string("LEFT"), .key),
            ParameterSpec("keys-validateresponse", .string("ENTER"), .key),
        ]
        for (index, name) in radioNames.enumerated() {
            leaves += radio(index, name: name)
        }
        return leaves
    }

    /// Radio `index`, in the key order of OpenMATB's radio dict (a `seed_output`
    /// row of OpenMATB's shows it). `is_active` is False until `start` picks the active radio.
    private static func radio(_ index: Int, name: String) -> [ParameterSpec] {
        let prefix = "radios-\(index)-"
        return [
            ParameterSpec(prefix + "name", .string(name), nil),
            ParameterSpec(prefix + "currentfreq", .none, nil),
            ParameterSpec(prefix + "targetfreq", .none, nil),
            ParameterSpec(prefix + "pos", .int(index), nil),
            ParameterSpec(prefix + "response_time", .int(0), nil),
            ParameterSpec(prefix + "is_active", .bool(false), nil),
            ParameterSpec(prefix + "is_prompting", .bool(false), nil),
            ParameterSpec(prefix + "_feedbacktimer", .none, nil),
            ParameterSpec(prefix + "_feedbacktype", .none, nil),
            .widgetHandle(prefix + "widget", pythonClass: "core.widgets.radio.Radio"),
        ]
    }
}
