/// The track plugin: compensatory tracking with a joystick (docs/openmatb-behaviour.md: Tracking).
extension PluginDescriptor {
    /// Tracking: top-middle, 20 ms updates, non-blocking.
    public static let track = TrackDescriptor.descriptor
}

/// Builds track's parameter tree in OpenMATB's dump order.
///
/// OpenMATB states no dump order for track; this follows the parameter table of docs/openmatb-behaviour.md:
/// Tracking, which is also the order of OpenMATB's defaults literal. Track has no private leaves.
enum TrackDescriptor {
    static let descriptor = CommonParameters.descriptor(
        alias: PluginAlias.track, titleMsgid: "Tracking", placement: .topmid,
        updatePeriodMilliseconds: 20, isBlocking: false,
        ownLeaves: [
            ParameterSpec("cursorcolor", .color(.black), .color),
            ParameterSpec("cursorcoloroutside", .color(.red), .color),
            ParameterSpec("automaticsolver", .bool(false), .bool),
            ParameterSpec("displayautomationstate", .bool(true), .bool),
            ParameterSpec("targetproportion", .float(0.25), .unit),
            ParameterSpec("joystickforce", .int(1), .natural),
            ParameterSpec("inverseaxis", .bool(false), .bool),
        ])
}
