/// Something a session received from outside, read back from its log: what a
/// re-simulation hands the session, and at which scenario time (docs/verify.md).
public struct LoggedInput: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// Inputs that arrived together (one timestamp), handed over in one frame.
        case inputs([InputEvent.Payload])
        /// A dialog closed by a key or joystick button, which OpenMATB's log (and so ours)
        /// does not show: a SPACE release closes it the same way.
        case closeDialog
        /// `--headless` or a batch moved past a dialog or blocking screen on its own
        /// (``MATBBlock/dismissWaitingScreen(at:)``), as its `manual` row says.
        case dismissWaitingScreen
        /// The operator ended the session (window closed, Q in the exit dialog, staff).
        case quit
    }

    /// The scenario time the session routed it at.
    public var time: ScenarioTime
    public var action: Action
    /// When it arrived: its row's `logtime` (the input's own timestamp).
    public var logtime: MonotonicTime
    /// The index of its first row among the rows the session wrote (the log's rows less
    /// those the shell added after `scenario_path`).
    public var rowIndex: Int

    public init(time: ScenarioTime, logtime: MonotonicTime, action: Action, rowIndex: Int) {
        self.time = time
        self.logtime = logtime
        self.action = action
        self.rowIndex = rowIndex
    }
}
