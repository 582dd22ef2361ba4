/// OpenMATB's global validator table (docs/openmatb-behaviour.md: Global validator table): a validator that
/// applies to any plugin whose tree has the path. The catalog writes these types onto the leaves directly;
/// the table is kept as data so tests can check that every descriptor agrees with it.
enum GlobalValidatorTable {
    /// Path → validator, for every row of OpenMATB's global validator table (docs/openmatb-behaviour.md:
    /// Global validator table).
    static let types: [String: ValueType] = [
        "title": .string,
        "taskplacement": .location,
        "taskupdatetime": .positive,
        "automaticsolver": .bool,
        "displayautomationstate": .bool,
        "taskfeedback-overdue-active": .bool,
        "taskfeedback-overdue-color": .color,
        "taskfeedback-overdue-delayms": .natural,
        "taskfeedback-overdue-blinkdurationms": .natural,
        "feedbackduration": .positive,
        "feedbacks-positive-active": .bool,
        "feedbacks-negative-active": .bool,
        "feedbacks-positive-color": .color,
        "feedbacks-negative-color": .color,
        "boldtitle": .bool,
        "allowkeypress": .bool,
        "filename": .textFile,
        "pointsize": .natural,
        "maxdurationsec": .natural,
        "response-text": .string,
        "response-key": .keyboardKey,
    ]
}
