/// The resman plugin: six tanks joined by eight pumps (docs/openmatb-behaviour.md: Resources management).
extension PluginDescriptor {
    /// Resources management: bottom-middle, 2000 ms updates, non-blocking.
    public static let resman = ResmanDescriptor.descriptor
}

/// Builds resman's parameter tree in OpenMATB's dump order.
///
/// OpenMATB states no dump order for resman; this follows the parameter table of docs/openmatb-behaviour.md:
/// Resources management (also the order of OpenMATB's defaults literal): the scalar leaves, then `tank-a` …
/// `tank-f`, then
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
        var tank: ResmanTank
        var level: Int
        var max: Int
        var target: Int?
        var isDepletable: Bool
        var lossPerMinute: Int
    }

    private static let tanks = [
        Tank(tank: .a, level: 2500, max: 4000, target: 2500, isDepletable: true, lossPerMinute: 800),
        Tank(tank: .b, level: 2500, max: 4000, target: 2500, isDepletable: true, lossPerMinute: 800),
        Tank(tank: .c, level: 1000, max: 2000, target: nil, isDepletable: true, lossPerMinute: 0),
        Tank(tank: .d, level: 1000, max: 2000, target: nil, isDepletable: true, lossPerMinute: 0),
        Tank(tank: .e, level: 3000, max: 4000, target: nil, isDepletable: false, lossPerMinute: 0),
        Tank(tank: .f, level: 3000, max: 4000, target: nil, isDepletable: false, lossPerMinute: 0),
    ]

    /// Pumps 1…8: default flow, in units per minute; their pipes are ``ResmanTopology/pumps``.
    private static let pumpFlowsPerMinute = [800, 600, 800, 600, 600, 600, 400, 400]

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
        for (index, flowPerMinute) in pumpFlowsPerMinute.enumerated() {
            leaves += pumpLeaves(index + 1, flowPerMinute: flowPerMinute)
        }
        return leaves
    }

    private static func tankLeaves(_ defaults: Tank) -> [ParameterSpec] {
        let path = { (field: ResmanPath.TankField) in ResmanPath.tank(defaults.tank, field).path }
        var leaves = [
            ParameterSpec(path(.level), .int(defaults.level), .natural),
            ParameterSpec(path(.max), .int(defaults.max), .positive),
            ParameterSpec(path(.target), defaults.target.map(PyValue.int) ?? .none, .positive),
            ParameterSpec(path(.depletable), .bool(defaults.isDepletable), .bool),
            ParameterSpec(path(.lossPerMinute), .int(defaults.lossPerMinute), .natural),
            ParameterSpec(path(.infoSide), .string(defaults.tank.infoSideIsLeft ? "left" : "right"), nil),
        ]
        if defaults.target != nil {
            leaves += [
                ParameterSpec(path(.responseTime), .int(0), nil),
                ParameterSpec(path(.isInTolerance), .none, nil),
                // Copied from `tolerancecolor` in the constructor.
                ParameterSpec(path(.toleranceColor), .color(.black), nil),
            ]
        }
        leaves.append(.widgetHandle(path(.widget), pythonClass: "core.widgets.tank.Tank"))
        return leaves
    }

    /// Pump `number`; its response key defaults to `NUM_<number>`.
    /// - Parameter flowPerMinute: the default `flow`, in units per minute.
    private static func pumpLeaves(_ number: Int, flowPerMinute: Int) -> [ParameterSpec] {
        let path = { (field: ResmanPath.PumpField) in ResmanPath.pump(number, field).path }
        let pipe = ResmanTopology.pumps[number - 1]
        return [
            ParameterSpec(path(.flow), .int(flowPerMinute), .positive),
            ParameterSpec(path(.state), .string("off"), .oneOf(["off", "on", "failure"])),
            ParameterSpec(path(.key), .string("NUM_\(number)"), .keyboardKey),
            ParameterSpec(path(.fromTank), .string(pipe.from.letter), nil),
            ParameterSpec(path(.toTank), .string(pipe.to.letter), nil),
            .widgetHandle(path(.statusWidget), pythonClass: "core.widgets.pumpflow.PumpFlow"),
            .widgetHandle(path(.widget), pythonClass: "core.widgets.pump.Pump"),
        ]
    }
}
