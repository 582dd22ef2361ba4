/// One unit of an experiment, run on the shared loop: a MATB scenario with its instructions
/// screens and questionnaires (``MATBBlock``), a drawing-pad experiment (``PadBlock``), image
/// judgements (``JudgeBlock``), a prompt sequence (``PromptsBlock``), or a batch's screen
/// between blocks and its breaks (``PauseBlock``). The shell's `BlockKinds.all` lists the kinds.
///
/// A block never reads a clock and never touches a file. The runner hands it the frame's
/// time and the inputs that arrived, draws what it shows, dismisses what waits for someone in
/// unattended runs, and ends it when the operator quits. What it logs, plays or sends to
/// devices it hands to its kind's host in the shell (its formats differ from kind to kind),
/// which writes it at the end of every frame.
public protocol Block: AnyObject {
    /// The reference canvas its draw lists and pointer positions are in.
    var canvas: Canvas { get }
    /// Writes the opening rows; called once, at the first frame, before the first `advance`.
    func begin(at time: MonotonicTime)
    /// Runs everything due by `time`, with the inputs that arrived since the last frame.
    func advance(to time: MonotonicTime, inputs: [InputEvent])
    /// What the screen shows now.
    func drawList() -> DrawList
    /// Whether the block's clock runs: not while it is paused or waits for someone.
    var isClockRunning: Bool { get }
    /// Whether something on screen waits for the participant (a dialog, a blocking screen).
    var isWaitingForParticipant: Bool { get }
    /// Whether the screen waits for a pointer (buttons, sliders): the pointer shows then.
    var wantsPointer: Bool { get }
    /// Moves past what waits for the participant, logging that it did so; unattended
    /// (headless) runs call it.
    func dismissWaitingScreen(at time: MonotonicTime)
    /// Reports a problem found outside the block (a device that failed), to log and show.
    func report(_ message: String, fatal: Bool, at time: MonotonicTime)
    /// Ends the block now, as an operator's quit does.
    func end(at time: MonotonicTime)
    /// Whether the block has ended.
    var isFinished: Bool { get }
    /// How far the block's own clock has run, in seconds.
    var elapsedSeconds: Double { get }
}
