/// The track plugin: compensatory tracking with a joystick (spec §6.2).
extension PluginDescriptor {
    /// Tracking: top-middle, 20 ms updates, non-blocking.
    public static let track = TrackDescriptor.descriptor
}

/// Builds track's parameter tree in OpenMATB's dump order.
///
/// The spec gives no explicit dump order for track; this follows its §6.2 table, which is
/// also the order of OpenMATB's defaults literal. Track has no private leaves.
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
