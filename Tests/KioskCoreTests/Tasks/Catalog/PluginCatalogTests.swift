import Testing

@testable import KioskCore

@Suite struct PluginCatalogTests {
    // MARK: - Aliases and the plugin table

    @Test func listsTheElevenAliasesInSpecOrder() {
        #expect(
            PluginCatalog.openMATB.aliases == [
                "sysmon", "track", "communications", "resman", "scheduling", "performance",
                "instructions", "genericscales", "generictrigger", "labstreaminglayer",
                "parallelport",
            ])
        for descriptor in PluginCatalog.openMATB.descriptors {
            #expect(PluginCatalog.openMATB.descriptor(for: descriptor.alias) == descriptor)
        }
    }

    @Test(arguments: ["Sysmon", "SYSMON", "eyetracker", "system", "pumpstatus", "end", ""])
    func unknownAliasesHaveNoDescriptor(alias: String) {
        #expect(PluginCatalog.openMATB.descriptor(for: alias) == nil)
    }

    /// One row of OpenMATB's plugin table (docs/openmatb-behaviour.md: Plugins).
    struct TableRow: Sendable, CustomTestStringConvertible {
        var alias: String
        var titleMsgid: String
        var placement: Placement
        var periodMs: Int
        var isBlocking: Bool
        var testDescription: String { alias }
    }

    static let table: [TableRow] = [
        TableRow(
            alias: "sysmon", titleMsgid: "System monitoring", placement: .topleft, periodMs: 200,
            isBlocking: false),
        TableRow(
            alias: "track", titleMsgid: "Tracking", placement: .topmid, periodMs: 20,
            isBlocking: false),
        TableRow(
            alias: "scheduling", titleMsgid: "Scheduling", placement: .topright, periodMs: 1000,
            isBlocking: false),
        TableRow(
            alias: "communications", titleMsgid: "Communications", placement: .bottomleft,
            periodMs: 80, isBlocking: false),
        TableRow(
            alias: "resman", titleMsgid: "Resources management", placement: .bottommid,
            periodMs: 2000, isBlocking: false),
        TableRow(
            alias: "performance", titleMsgid: "Performance", placement: .topright, periodMs: 50,
            isBlocking: false),
        TableRow(
            alias: "instructions", titleMsgid: "", placement: .fullscreen, periodMs: 15,
            isBlocking: true),
        TableRow(
            alias: "genericscales", titleMsgid: "", placement: .fullscreen, periodMs: 15,
            isBlocking: true),
        TableRow(
            alias: "labstreaminglayer", titleMsgid: "", placement: .fullscreen, periodMs: 15,
            isBlocking: true),
        TableRow(
            alias: "generictrigger", titleMsgid: "Generic Trigger", placement: .invisible,
            periodMs: 5, isBlocking: false),
        TableRow(
            alias: "parallelport", titleMsgid: "Parallel port", placement: .invisible, periodMs: 5,
            isBlocking: false),
    ]

    @Test(arguments: table)
    func matchesTheSpecTable(row: TableRow) throws {
        let descriptor = try #require(PluginCatalog.openMATB.descriptor(for: row.alias))
        #expect(descriptor.titleMsgid == row.titleMsgid)
        #expect(descriptor.placement == row.placement)
        #expect(descriptor.updatePeriodMilliseconds == row.periodMs)
        #expect(descriptor.isBlocking == row.isBlocking)
        // The same values are the defaults of the common leaves.
        let title: PyValue = row.titleMsgid.isEmpty ? .none : .string(row.titleMsgid)
        #expect(descriptor.parameter("title")?.defaultValue == title)
        #expect(
            descriptor.parameter("taskplacement")?.defaultValue == .string(row.placement.rawValue))
        #expect(descriptor.parameter("taskupdatetime")?.defaultValue == .int(row.periodMs))
    }

    // MARK: - Tree-wide rules

    @Test(arguments: PluginCatalog.openMATB.aliases)
    func startsWithTheCommonLeavesAndHasUniquePaths(alias: String) throws {
        let descriptor = try #require(PluginCatalog.openMATB.descriptor(for: alias))
        let paths = descriptor.parameters.map(\.path)
        #expect(Set(paths).count == paths.count)
        let common = [
            "title", "taskplacement", "taskupdatetime", "taskfeedback-overdue-active",
            "taskfeedback-overdue-color", "taskfeedback-overdue-delayms",
            "taskfeedback-overdue-blinkdurationms", "taskfeedback-overdue-_nexttoggletime",
            "taskfeedback-overdue-_is_visible",
        ]
        #expect(Array(paths.prefix(common.count)) == common)
        // Only plugins drawn in a task region get the overdue frame, right after the privates.
        let hasRegion = descriptor.placement != .fullscreen && descriptor.placement != .invisible
        #expect(
            (paths.count > common.count && paths[common.count] == "taskfeedback-overdue-widget")
                == hasRegion)
        #expect(paths.contains("taskfeedback-overdue-widget") == hasRegion)
    }

    @Test(arguments: PluginCatalog.openMATB.aliases)
    func agreesWithTheGlobalValidatorTable(alias: String) throws {
        let descriptor = try #require(PluginCatalog.openMATB.descriptor(for: alias))
        for leaf in descriptor.parameters {
            if let global = GlobalValidatorTable.types[leaf.path] {
                #expect(leaf.type == global, "\(descriptor.alias) \(leaf.path)")
            }
        }
    }

    @Test(arguments: PluginCatalog.openMATB.aliases)
    func privateAndWidgetLeavesHaveNoValidator(alias: String) throws {
        let descriptor = try #require(PluginCatalog.openMATB.descriptor(for: alias))
        for leaf in descriptor.parameters {
            let last = leaf.path.split(separator: "-").last ?? ""
            if last.hasPrefix("_") || last == "widget" || last == "statuswidget" {
                #expect(leaf.type == nil, "\(descriptor.alias) \(leaf.path)")
            }
            // Widget handles, and only they, are created at start.
            let isWidget = last == "widget" || last == "statuswidget"
            #expect(leaf.isCreatedAtStart == isWidget, "\(descriptor.alias) \(leaf.path)")
        }
    }

    @Test func commonLeafDefaults() {
        let sysmon = PluginDescriptor.sysmon
        #expect(
            sysmon.parameter("taskfeedback-overdue-active")
                == ParameterSpec("taskfeedback-overdue-active", .bool(false), .bool))
        #expect(
            sysmon.parameter("taskfeedback-overdue-color")?.defaultValue
                == .tuple([.int(241), .int(100), .int(100), .int(255)]))
        #expect(
            sysmon.parameter("taskfeedback-overdue-delayms")
                == ParameterSpec("taskfeedback-overdue-delayms", .int(2000), .natural))
        #expect(
            sysmon.parameter("taskfeedback-overdue-blinkdurationms")
                == ParameterSpec("taskfeedback-overdue-blinkdurationms", .int(1000), .natural))
        #expect(
            sysmon.parameter("taskfeedback-overdue-_nexttoggletime")
                == ParameterSpec("taskfeedback-overdue-_nexttoggletime", .int(0), nil))
        #expect(
            sysmon.parameter("taskfeedback-overdue-_is_visible")
                == ParameterSpec("taskfeedback-overdue-_is_visible", .bool(false), nil))
        #expect(
            sysmon.parameter("taskfeedback-overdue-widget")
                == ParameterSpec(
                    "taskfeedback-overdue-widget", .object("<core.widgets.frame.Frame object>"), nil))
        #expect(sysmon.parameter("title")?.type == .string)
        #expect(sysmon.parameter("taskplacement")?.type == .location)
        #expect(sysmon.parameter("taskupdatetime")?.type == .positive)
    }

    // MARK: - Dump order

    /// (alias, first own leaf after the common ones, last leaf, leaf count).
    static let ends: [(String, String, String, Int)] = [
        ("sysmon", "alerttimeout", "scales-4-widget", 10 + 10 + 2 * 11 + 4 * 13),
        ("track", "cursorcolor", "inverseaxis", 10 + 7),
        ("communications", "callsignregex", "radios-3-widget", 10 + 25 + 4 * 10),
        ("resman", "automaticsolver", "pump-8-widget", 10 + 10 + 2 * 10 + 4 * 7 + 8 * 7),
        ("scheduling", "minduration", "labels", 10 + 5),
        ("performance", "levelmin", "criticalcolor", 10 + 7),
        ("instructions", "boldtitle", "allowkeypress", 9 + 7),
        ("genericscales", "boldtitle", "showvalue", 9 + 8),
        ("generictrigger", "state", "state", 9 + 1),
        ("labstreaminglayer", "boldtitle", "pauseatstart", 9 + 10),
        ("parallelport", "trigger", "delayms", 9 + 2),
    ]

    @Test func firstAndLastLeavesOfEveryPlugin() throws {
        #expect(Self.ends.map(\.0).sorted() == PluginCatalog.openMATB.aliases.sorted())
        for (alias, firstOwn, last, count) in Self.ends {
            let paths = try #require(PluginCatalog.openMATB.descriptor(for: alias)).parameters.map(\.path)
            #expect(paths.first == "title", "\(alias)")
            let commonCount = paths.contains("taskfeedback-overdue-widget") ? 10 : 9
            #expect(paths[commonCount] == firstOwn, "\(alias)")
            #expect(paths.last == last, "\(alias)")
            #expect(paths.count == count, "\(alias)")
        }
    }

    @Test func sysmonDumpOrder() {
        let paths = PluginDescriptor.sysmon.parameters.map(\.path)
        let own = [
            "alerttimeout", "automaticsolver", "automaticsolverdelay", "displayautomationstate",
            "allowanykey", "feedbackduration", "feedbacks-positive-active",
            "feedbacks-positive-color", "feedbacks-negative-active", "feedbacks-negative-color",
        ]
        let light = [
            "name", "failure", "default", "oncolor", "key", "on", "_failuretimer", "_onfailure",
            "_milliresponsetime", "_freezetimer", "widget",
        ]
        let scale = [
            "name", "failure", "side", "key", "_failuretimer", "_onfailure", "_milliresponsetime",
            "_freezetimer", "_pos", "_zone", "_feedbacktimer", "_feedbacktype", "widget",
        ]
        let expected =
            own + (1...2).flatMap { n in light.map { "lights-\(n)-\($0)" } }
            + (1...4).flatMap { n in scale.map { "scales-\(n)-\($0)" } }
        #expect(Array(paths.dropFirst(10)) == expected)
    }

    @Test func communicationsDumpOrder() {
        let paths = PluginDescriptor.communications.parameters.map(\.path)
        let topLevel = [
            "callsignregex", "owncallsign", "othercallsign", "othercallsignnumber",
            "airbandminMhz", "airbandmaxMhz", "airbandminvariationMhz", "airbandmaxvariationMhz",
            "voicegender", "voiceidiom", "radioprompt", "maxresponsedelay", "promptlist",
            "automaticsolver", "displayautomationstate", "feedbackduration",
            "feedbacks-positive-active", "feedbacks-positive-color", "feedbacks-negative-active",
            "feedbacks-negative-color", "keys-selectradioup", "keys-selectradiodown",
            "keys-tunefrequencyup", "keys-tunefrequencydown", "keys-validateresponse",
        ]
        let radio = [
            "name", "currentfreq", "targetfreq", "pos", "response_time", "is_active",
            "is_prompting", "_feedbacktimer", "_feedbacktype", "widget",
        ]
        let expected = topLevel + (0...3).flatMap { n in radio.map { "radios-\(n)-\($0)" } }
        #expect(Array(paths.dropFirst(10)) == expected)
    }

    @Test func resmanDumpOrder() throws {
        let paths = PluginDescriptor.resman.parameters.map(\.path)
        #expect(
            Array(paths[10..<20]) == [
                "automaticsolver", "displayautomationstate", "pumpcoloroff", "pumpcoloron",
                "pumpcolorfailure", "toleranceradius", "statuslocation", "displaystatus",
                "tolerancecolor", "tolerancecoloroutside",
            ])
        let tankA = paths.filter { $0.hasPrefix("tank-a-") }
        #expect(
            tankA == [
                "tank-a-level", "tank-a-max", "tank-a-target", "tank-a-depletable",
                "tank-a-lossperminute", "tank-a-_infoside", "tank-a-_response_time",
                "tank-a-_is_in_tolerance", "tank-a-_tolerance_color", "tank-a-widget",
            ])
        let tankC = paths.filter { $0.hasPrefix("tank-c-") }
        #expect(
            tankC == [
                "tank-c-level", "tank-c-max", "tank-c-target", "tank-c-depletable",
                "tank-c-lossperminute", "tank-c-_infoside", "tank-c-widget",
            ])
        for n in 1...8 {
            #expect(
                paths.filter { $0.hasPrefix("pump-\(n)-") }
                    == ["flow", "state", "key", "_fromtank", "_totank", "statuswidget", "widget"]
                    .map { "pump-\(n)-\($0)" })
        }
        // Tanks a…f come as blocks, then pumps 1…8.
        let blocks = paths.dropFirst(20).map {
            $0.split(separator: "-").prefix(2).joined(separator: "-")
        }
        var order: [String] = []
        for block in blocks where order.last != block { order.append(block) }
        #expect(
            order == ["a", "b", "c", "d", "e", "f"].map { "tank-\($0)" }
                + (1...8).map { "pump-\($0)" })
    }

    @Test func blockingPluginDumpOrder() {
        let slide = [
            "boldtitle", "filename", "pointsize", "maxdurationsec", "response-text", "response-key",
            "allowkeypress",
        ]
        #expect(Array(PluginDescriptor.instructions.parameters.map(\.path).dropFirst(9)) == slide)
        #expect(
            Array(PluginDescriptor.genericscales.parameters.map(\.path).dropFirst(9)) == slide + [
                "showvalue"
            ])
        #expect(
            Array(PluginDescriptor.labstreaminglayer.parameters.map(\.path).dropFirst(9))
                == slide + ["marker", "streamsession", "pauseatstart"])
    }

    @Test func smallPluginsDumpOrder() {
        #expect(
            Array(PluginDescriptor.track.parameters.map(\.path).dropFirst(10)) == [
                "cursorcolor", "cursorcoloroutside", "automaticsolver", "displayautomationstate",
                "targetproportion", "joystickforce", "inverseaxis",
            ])
        #expect(
            Array(PluginDescriptor.scheduling.parameters.map(\.path).dropFirst(10)) == [
                "minduration", "displaychronometer", "reversechronometer", "displayedplugins",
                "labels",
            ])
        #expect(
            Array(PluginDescriptor.performance.parameters.map(\.path).dropFirst(10)) == [
                "levelmin", "levelmax", "ticknumber", "criticallevel", "shadowundercritical",
                "defaultcolor", "criticalcolor",
            ])
        #expect(
            Array(PluginDescriptor.parallelport.parameters.map(\.path).dropFirst(9)) == [
                "trigger", "delayms",
            ])
        #expect(PluginDescriptor.parallelportWithoutPort.parameters.count == 9)
        #expect(PluginDescriptor.parallelportWithoutPort.parameter("trigger") == nil)
    }

    // MARK: - Settable or not

    /// (alias, path): leaves that exist but have no validator.
    static let noValidator: [(String, String)] = [
        ("genericscales", "showvalue"),
        ("communications", "radios-0-currentfreq"),
        ("communications", "radios-3-name"),
        ("sysmon", "scales-1-_pos"),
        ("sysmon", "lights-2-_onfailure"),
        ("sysmon", "taskfeedback-overdue-widget"),
        ("sysmon", "taskfeedback-overdue-_nexttoggletime"),
        ("resman", "tank-a-_response_time"),
        ("resman", "pump-1-_fromtank"),
        ("resman", "pump-1-statuswidget"),
    ]

    @Test func leavesWithoutAValidator() throws {
        for (alias, path) in Self.noValidator {
            let leaf = try #require(
                PluginCatalog.openMATB.descriptor(for: alias)?.parameter(path), "\(alias) \(path)")
            #expect(leaf.type == nil, "\(alias) \(path)")
        }
    }

    /// (alias, path): validator entries with no leaf, so "does not have a … parameter".
    static let noLeaf: [(String, String)] = [
        ("sysmon", "lights-1-onfailure"),
        ("sysmon", "scales-4-onfailure"),
        ("sysmon", "lights-3-name"),
        ("labstreaminglayer", "state"),
        ("instructions", "showvalue"),
        ("instructions", "taskfeedback-overdue-widget"),
        ("generictrigger", "taskfeedback-overdue-widget"),
        ("track", "feedbackduration"),
        ("resman", "tank-g-level"),
    ]

    @Test func pathsThatDoNotExist() throws {
        for (alias, path) in Self.noLeaf {
            let descriptor = try #require(PluginCatalog.openMATB.descriptor(for: alias))
            #expect(descriptor.parameter(path) == nil, "\(alias) \(path)")
        }
    }

    @Test func validatorsFromTheGlobalAndPluginTables() {
        #expect(PluginDescriptor.instructions.parameter("pointsize")?.type == .natural)
        #expect(PluginDescriptor.instructions.parameter("maxdurationsec")?.type == .natural)
        #expect(PluginDescriptor.instructions.parameter("filename")?.type == .textFile)
        #expect(PluginDescriptor.genericscales.parameter("response-key")?.type == .keyboardKey)
        #expect(PluginDescriptor.genericscales.parameter("response-text")?.type == .string)
        #expect(PluginDescriptor.labstreaminglayer.parameter("allowkeypress")?.type == .bool)
        #expect(
            PluginDescriptor.sysmon.parameter("scales-2-side")?.type == .oneOf(["-1", "0", "1"]))
        #expect(
            PluginDescriptor.sysmon.parameter("lights-1-default")?.type == .oneOf(["on", "off"]))
        #expect(PluginDescriptor.sysmon.parameter("lights-1-key")?.type == .key)
        #expect(PluginDescriptor.sysmon.parameter("lights-2-name")?.type == .string)
        #expect(PluginDescriptor.sysmon.parameter("alerttimeout")?.type == .positive)
        let communications = PluginDescriptor.communications
        #expect(communications.parameter("voicegender")?.type == .oneOf(["female", "male"]))
        #expect(communications.parameter("voiceidiom")?.type == .oneOf(["english", "french"]))
        #expect(communications.parameter("radioprompt")?.type == .oneOf(["own", "other"]))
        #expect(
            communications.parameter("promptlist")?.type
                == .oneOf(["NAV_1", "NAV_2", "COM_1", "COM_2"]))
        #expect(communications.parameter("keys-validateresponse")?.type == .key)
        #expect(communications.parameter("callsignregex")?.type == .regex)
        #expect(communications.parameter("owncallsign")?.type == .callsign)
        #expect(communications.parameter("othercallsign")?.type == .callsigns)
        #expect(communications.parameter("airbandmaxMhz")?.type == .positiveFloat)
        #expect(communications.parameter("airbandmaxvariationMhz")?.type == .positive)
        let resman = PluginDescriptor.resman
        #expect(resman.parameter("pump-8-key")?.type == .keyboardKey)
        #expect(resman.parameter("pump-3-state")?.type == .oneOf(["off", "on", "failure"]))
        #expect(resman.parameter("statuslocation")?.type == .location)
        #expect(resman.parameter("tank-f-level")?.type == .natural)
        #expect(resman.parameter("tank-f-max")?.type == .positive)
        #expect(resman.parameter("tank-f-lossperminute")?.type == .natural)
        #expect(
            PluginDescriptor.scheduling.parameter("displayedplugins")?.type
                == .oneOf(["sysmon", "track", "resman", "communications"]))
        #expect(
            PluginDescriptor.scheduling.parameter("labels")?.type == .oneOf(["S", "T", "C", "R"]))
        #expect(PluginDescriptor.track.parameter("targetproportion")?.type == .unit)
        #expect(PluginDescriptor.track.parameter("joystickforce")?.type == .natural)
        #expect(PluginDescriptor.performance.parameter("levelmin")?.type == .positive)
        #expect(PluginDescriptor.generictrigger.parameter("state")?.type == .string)
        #expect(PluginDescriptor.parallelport.parameter("trigger")?.type == .positive)
        #expect(PluginDescriptor.parallelport.parameter("delayms")?.type == .positive)
        #expect(PluginDescriptor.labstreaminglayer.parameter("marker")?.type == .string)
        #expect(PluginDescriptor.labstreaminglayer.parameter("streamsession")?.type == .bool)
        #expect(PluginDescriptor.labstreaminglayer.parameter("pauseatstart")?.type == .bool)
    }

    /// OpenMATB gives tanks C–F (docs/openmatb-behaviour.md: Resources management) a `target` of None, and
    /// its QUIRK says setting one at run time is accepted and then crashes: the leaf exists and validates as
    /// `posint`.
    @Test func tanksCThroughFHaveANoneTargetThatValidates() {
        for letter in ["c", "d", "e", "f"] {
            #expect(
                PluginDescriptor.resman.parameter("tank-\(letter)-target")
                    == ParameterSpec("tank-\(letter)-target", .none, .positive))
            #expect(PluginDescriptor.resman.parameter("tank-\(letter)-_response_time") == nil)
        }
        #expect(
            PluginDescriptor.resman.parameter("tank-a-target")
                == ParameterSpec("tank-a-target", .int(2500), .positive))
    }

    // MARK: - Defaults and their Python types

    @Test func defaultsKeepTheirPythonTypes() {
        let green = PyValue.tuple([.int(142), .int(219), .int(176), .int(255)])
        let red = PyValue.tuple([.int(241), .int(100), .int(100), .int(255)])
        let black = PyValue.tuple([.int(50), .int(50), .int(50), .int(255)])
        let sysmon = PluginDescriptor.sysmon
        #expect(sysmon.parameter("title")?.defaultValue == .string("System monitoring"))
        #expect(sysmon.parameter("feedbacks-positive-color")?.defaultValue == green)
        #expect(sysmon.parameter("feedbacks-positive-active")?.defaultValue == .bool(true))
        #expect(sysmon.parameter("alerttimeout")?.defaultValue == .int(10000))
        #expect(sysmon.parameter("lights-1-default")?.defaultValue == .string("on"))
        #expect(sysmon.parameter("lights-2-default")?.defaultValue == .string("off"))
        #expect(sysmon.parameter("lights-2-oncolor")?.defaultValue == red)
        #expect(sysmon.parameter("lights-1-on")?.defaultValue == .bool(true))
        #expect(sysmon.parameter("lights-2-key")?.defaultValue == .string("F6"))
        #expect(sysmon.parameter("scales-3-name")?.defaultValue == .string("F3"))
        #expect(sysmon.parameter("scales-3-side")?.defaultValue == .int(0))
        #expect(sysmon.parameter("scales-1-_pos")?.defaultValue == .int(5))
        #expect(sysmon.parameter("scales-1-_failuretimer")?.defaultValue == PyValue.none)
        #expect(
            sysmon.parameter("lights-1-widget")?.defaultValue == .object("<core.widgets.light.Light object>")
        )

        let track = PluginDescriptor.track
        #expect(track.parameter("cursorcolor")?.defaultValue == black)
        #expect(track.parameter("targetproportion")?.defaultValue == .float(0.25))
        #expect(track.parameter("joystickforce")?.defaultValue == .int(1))

        let communications = PluginDescriptor.communications
        #expect(communications.parameter("airbandminMhz")?.defaultValue == .float(108.0))
        #expect(communications.parameter("airbandmaxMhz")?.defaultValue == .float(137.0))
        #expect(communications.parameter("airbandminvariationMhz")?.defaultValue == .int(5))
        #expect(communications.parameter("feedbacks-positive-active")?.defaultValue == .bool(false))
        #expect(communications.parameter("feedbacks-negative-active")?.defaultValue == .bool(false))
        #expect(
            communications.parameter("callsignregex")?.defaultValue
                == .string(#"[A-Z][A-Z][A-Z]\d\d\d"#))
        #expect(communications.parameter("voicegender")?.defaultValue == .string("female"))
        #expect(communications.parameter("voiceidiom")?.defaultValue == .string("french"))
        #expect(communications.parameter("radioprompt")?.defaultValue == .string(""))
        #expect(communications.parameter("keys-validateresponse")?.defaultValue == .string("ENTER"))
        #expect(
            communications.parameter("promptlist")?.defaultValue
                == .list([.string("NAV_1"), .string("NAV_2"), .string("COM_1"), .string("COM_2")]))
        // Generated at construction; the catalog holds placeholders.
        #expect(communications.parameter("owncallsign")?.defaultValue == .string(""))
        #expect(communications.parameter("othercallsign")?.defaultValue == .list([]))
        #expect(communications.parameter("radios-2-currentfreq")?.defaultValue == PyValue.none)
        #expect(communications.parameter("radios-2-name")?.defaultValue == .string("COM_1"))
        #expect(communications.parameter("radios-2-pos")?.defaultValue == .int(2))

        let resman = PluginDescriptor.resman
        #expect(resman.parameter("toleranceradius")?.defaultValue == .int(250))
        #expect(resman.parameter("statuslocation")?.defaultValue == .string("bottomright"))
        #expect(
            resman.parameter("pumpcoloroff")?.defaultValue
                == .tuple([.int(255), .int(255), .int(255), .int(255)]))
        #expect(resman.parameter("tank-e-level")?.defaultValue == .int(3000))
        #expect(resman.parameter("tank-e-depletable")?.defaultValue == .bool(false))
        #expect(resman.parameter("tank-b-_infoside")?.defaultValue == .string("right"))
        #expect(resman.parameter("tank-b-_is_in_tolerance")?.defaultValue == PyValue.none)
        #expect(resman.parameter("tank-b-_tolerance_color")?.defaultValue == black)
        let pumps: [(flow: Int, from: String, to: String)] = [
            (800, "c", "a"), (600, "e", "a"), (800, "d", "b"), (600, "f", "b"),
            (600, "e", "c"), (600, "f", "d"), (400, "a", "b"), (400, "b", "a"),
        ]
        for (index, pump) in pumps.enumerated() {
            let n = index + 1
            #expect(resman.parameter("pump-\(n)-flow")?.defaultValue == .int(pump.flow))
            #expect(resman.parameter("pump-\(n)-state")?.defaultValue == .string("off"))
            #expect(resman.parameter("pump-\(n)-key")?.defaultValue == .string("NUM_\(n)"))
            #expect(resman.parameter("pump-\(n)-_fromtank")?.defaultValue == .string(pump.from))
            #expect(resman.parameter("pump-\(n)-_totank")?.defaultValue == .string(pump.to))
        }

        let scheduling = PluginDescriptor.scheduling
        #expect(
            scheduling.parameter("displayedplugins")?.defaultValue
                == .list([
                    .string("sysmon"), .string("track"), .string("communications"),
                    .string("resman"),
                ]))
        #expect(
            scheduling.parameter("labels")?.defaultValue
                == .list([.string("S"), .string("T"), .string("C"), .string("R")]))
        #expect(scheduling.parameter("minduration")?.defaultValue == .int(8))

        #expect(PluginDescriptor.performance.parameter("defaultcolor")?.defaultValue == green)
        #expect(PluginDescriptor.performance.parameter("levelmax")?.defaultValue == .int(100))

        let instructions = PluginDescriptor.instructions
        #expect(instructions.parameter("title")?.defaultValue == PyValue.none)
        #expect(instructions.parameter("filename")?.defaultValue == PyValue.none)
        #expect(
            instructions.parameter("response-text")?.defaultValue
                == .string("Press SPACE to continue"))
        #expect(instructions.parameter("response-key")?.defaultValue == .string("SPACE"))
        #expect(instructions.parameter("allowkeypress")?.defaultValue == .bool(true))
        #expect(instructions.parameter("boldtitle")?.defaultValue == .bool(false))
        #expect(instructions.parameter("pointsize")?.defaultValue == .int(0))
        let scales = PluginDescriptor.genericscales
        #expect(
            scales.parameter("response-text")?.defaultValue == .string("Press SPACE to validate"))
        #expect(scales.parameter("showvalue")?.defaultValue == .bool(false))
        #expect(
            PluginDescriptor.labstreaminglayer.parameter("response-text")?.defaultValue
                == .string("Press SPACE to continue"))
        #expect(PluginDescriptor.labstreaminglayer.parameter("marker")?.defaultValue == .string(""))
        #expect(
            PluginDescriptor.generictrigger.parameter("title")?.defaultValue
                == .string("Generic Trigger"))
        #expect(PluginDescriptor.generictrigger.parameter("state")?.defaultValue == .string(""))
        #expect(PluginDescriptor.parallelport.parameter("trigger")?.defaultValue == .int(0))
        #expect(PluginDescriptor.parallelport.parameter("delayms")?.defaultValue == .int(5))
    }
}
