/// The resman plugin: six tanks joined by eight pumps (spec §6.4).
extension PluginDescriptor {
    /// Resources management: bottom-middle, 2000 ms updates, non-blocking.
    public static let resman = ResmanDescriptor.descriptor
}

/// Builds resman's parameter tree in OpenMATB's dump order.
///
/// The spec gives no explicit dump order for resman; this follows its §6.4 table (also the
/// order of OpenMATB's defaults literal): the scalar leaves, then `tank-a` … `tank-f`, then
/// `pump-1` … `pump-8`. Within a tank: level, max, target, depletable, lossperminute,
/// `_infoside`, then for target tanks (A, B) `_response_time`, `_is_in_tolerance`,
/// `_tolerance_color`, then `widget`. Within a pump: flow, state, key, `_fromtank`,
/// `_totank`, `statuswidget` (created only when `displaystatus` is true at start, as by
/// default), `widget`.
///
/// Tanks C–F have a `target` leaf whose default is None; it has a validator, so setting it
/// passes validation (OpenMATB then crashes at run time for lack of the target privates).
enum ResmanDescriptor {
    static let descriptor = CommonParameters.descriptor(
        alias: PluginAlias.resman, titleMsgid: "Resources management", placement: .bottommid,
        updatePeriodMilliseconds: 2000, isBlocking: false, ownLeaves: ownLeaves())

    /// One tank's defaults; `target` nil is Python None.
    private struct Tank {
        var letter: String
        var level: Int
        var max: Int
        var target: Int?
        var isDepletable: Bool
        var lossPerMinute: Int
        var infoSide: String
    }

    private static let tanks = [
        Tank(
            letter: "a", level: 2500, max: 4000, target: 2500, isDepletable: true,
            lossPerMinute: 800, infoSide: "left"),
        Tank(
            letter: "b", level: 2500, max: 4000, target: 2500, isDepletable: true,
            lossPerMinute: 800, infoSide: "right"),
        Tank(
            letter: "c", level: 1000, max: 2000, target: nil, isDepletable: true,
            lossPerMinute: 0, infoSide: "left"),
        Tank(
            letter: "d", level: 1000, max: 2000, target: nil, isDepletable: true,
            lossPerMinute: 0, infoSide: "left"),
        Tank(
            letter: "e", level: 3000, max: 4000, target: nil, isDepletable: false,
            lossPerMinute: 0, infoSide: "right"),
        Tank(
            letter: "f", level: 3000, max: 4000, target: nil, isDepletable: false,
            lossPerMinute: 0, infoSide: "right"),
    ]

    /// Pumps 1…8: default flow (units per minute) and the fixed connection.
    private static let pumps: [(flowPerMinute: Int, from: String, to: String)] = [
        (800, "c", "a"), (600, "e", "a"), (800, "d", "b"), (600, "f", "b"),
        (600, "e", "c"), (600, "f", "d"), (400, "a", "b"), (400, "b", "a"),
    ]

    private static func ownLeaves() -> [ParameterSpec] {
        var leaves = [
            ParameterSpec("automaticsolver", .bool(false), .bool),
            ParameterSpec("displayautomationstate", .bool(true), .bool),
            ParameterSpec("pumpcoloroff", .color(.white), .color),
            ParameterSpec("pumpcoloron", .color(.green), .color),
            ParameterSpec("pumpcolorfailure", .color(.red), .color),
            ParameterSpec("toleranceradius", .int(250), .positive),
            ParameterSpec("statuslocation", .string(Placement.bottomright.rawValue), .location),
            ParameterSpec("displaystatus", .bool(true), .bool),
            ParameterSpec("tolerancecolor", .color(.black), .color),
            ParameterSpec("tolerancecoloroutside", .color(.black), .color),
        ]
        for tank in tanks {
            leaves += tankLeaves(tank)
        }
        for (index, pump) in pumps.enumerated() {
            leaves += pumpLeaves(
                index + 1, flowPerMinute: pump.flowPerMinute, from: pump.from, to: pump.to)
        }
        return leaves
    }

    private static func tankLeaves(_ tank: Tank) -> [ParameterSpec] {
        let prefix = "tank-\(tank.letter)-"
        var leaves = [
            ParameterSpec(prefix + "level", .int(tank.level), .natural),
            ParameterSpec(prefix + "max", .int(tank.max), .positive),
            ParameterSpec(prefix + "target", tank.target.map(PyValue.int) ?? .none, .positive),
            ParameterSpec(prefix + "depletable", .bool(tank.isDepletable), .bool),
            ParameterSpec(prefix + "lossperminute", .int(tank.lossPerMinute), .natural),
            ParameterSpec(prefix + "_infoside", .string(tank.infoSide), nil),
        ]
        if tank.target != nil {
            leaves += [
                ParameterSpec(prefix + "_response_time", .int(0), nil),
                ParameterSpec(prefix + "_is_in_tolerance", .none, nil),
                // Copied from `tolerancecolor` in the constructor.
                ParameterSpec(prefix + "_tolerance_color", .color(.black), nil),
            ]
        }
        leaves.append(.widgetHandle(prefix + "widget", pythonClass: "core.widgets.tank.Tank"))
        return leaves
    }

    /// Pump `number`; its response key defaults to `NUM_<number>`.
    /// - Parameter flowPerMinute: the default `flow`, in units per minute.
    private static func pumpLeaves(
        _ number: Int, flowPerMinute: Int, from: String, to: String
    ) -> [ParameterSpec] {
        let prefix = "pump-\(number)-"
        return [
            ParameterSpec(prefix + "flow", .int(flowPerMinute), .positive),
            ParameterSpec(prefix + "state", .string("off"), .oneOf(["off", "on", "failure"])),
            ParameterSpec(prefix + "key", .string("NUM_\(number)"), .keyboardKey),
            ParameterSpec(prefix + "_fromtank", .string(from), nil),
            ParameterSpec(prefix + "_totank", .string(to), nil),
            .widgetHandle(prefix + "statuswidget", pythonClass: "core.widgets.pumpflow.PumpFlow"),
            .widgetHandle(prefix + "widget", pythonClass: "core.widgets.pump.Pump"),
        ]
    }
}
