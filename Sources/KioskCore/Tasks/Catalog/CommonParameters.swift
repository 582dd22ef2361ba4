/// The leaves at the head of every plugin's parameter tree (docs/openmatb-behaviour.md: Common parameters),
/// and the one place that assembles a catalog descriptor from them.
///
/// OpenMATB's base plugin builds `title, taskplacement, taskupdatetime,
/// taskfeedback-overdue-{active, color, delayms, blinkdurationms}` and then appends the
/// private `_nexttoggletime` and `_is_visible`; every plugin then appends its own leaves. The
/// overdue frame's `widget` handle joins the overdue dict when `start` creates the widgets,
/// and only for plugins drawn in a task region: fullscreen and invisible plugins never get
/// one, so their dumps have no `taskfeedback-overdue-widget` row.
enum CommonParameters {
    /// The common leaves in dump order, for a plugin with this title value and defaults.
    ///
    /// - Parameter title: the `title` default: the English msgid (translated at run time),
    ///   or `.none` for the blocking plugins, whose label is Python `None` (logged empty).
    /// - Parameter updatePeriodMilliseconds: the `taskupdatetime` default.
    static func leaves(
        title: PyValue, placement: Placement, updatePeriodMilliseconds: Int
    ) -> [ParameterSpec] {
        var leaves = [
            ParameterSpec("title", title, .string),
            ParameterSpec("taskplacement", .string(placement.rawValue), .location),
            ParameterSpec("taskupdatetime", .int(updatePeriodMilliseconds), .positive),
            ParameterSpec("taskfeedback-overdue-active", .bool(false), .bool),
            ParameterSpec("taskfeedback-overdue-color", .color(.red), .color),
            ParameterSpec("taskfeedback-overdue-delayms", .int(2000), .natural),
            ParameterSpec("taskfeedback-overdue-blinkdurationms", .int(1000), .natural),
            ParameterSpec("taskfeedback-overdue-_nexttoggletime", .int(0), nil),
            ParameterSpec("taskfeedback-overdue-_is_visible", .bool(false), nil),
        ]
        if placement != .fullscreen && placement != .invisible {
            leaves.append(
                .widgetHandle(
                    "taskfeedback-overdue-widget", pythonClass: "core.widgets.frame.Frame"))
        }
        return leaves
    }

    /// A descriptor whose tree is the common leaves followed by `ownLeaves`.
    ///
    /// The `title` default is `titleMsgid`, or `.none` when the msgid is empty (blocking
    /// plugins).
    /// - Parameter updatePeriodMilliseconds: the default `taskupdatetime`.
    static func descriptor(
        alias: String, titleMsgid: String, placement: Placement, updatePeriodMilliseconds: Int,
        isBlocking: Bool, ownLeaves: [ParameterSpec]
    ) -> PluginDescriptor {
        let title: PyValue = titleMsgid.isEmpty ? .none : .string(titleMsgid)
        let common = leaves(
            title: title, placement: placement, updatePeriodMilliseconds: updatePeriodMilliseconds)
        return PluginDescriptor(
            alias: alias, titleMsgid: titleMsgid, placement: placement,
            updatePeriodMilliseconds: updatePeriodMilliseconds, isBlocking: isBlocking,
            parameters: common + ownLeaves)
    }
}
