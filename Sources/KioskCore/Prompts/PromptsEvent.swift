/// What a row of a prompts log records: its `event` column.
public enum PromptsEvent: String, Hashable, Sendable, CaseIterable {
    /// A preparation step is shown.
    case preparation
    /// A phase is shown: its text, picture and speech start, and its marker is sent.
    case phaseStart = "phase_start"
    /// A phase is over: its time ran out, its speech ended, the participant continued or the block ended.
    case phaseEnd = "phase_end"
    /// A phase's speech has been spoken (its measured or estimated length has passed).
    case speechEnd = "speech_end"
    /// The pause screen is shown between trials.
    case pause
    /// The participant (or an unattended run) moved past a waiting screen; `detail` says how.
    case `continue`
    /// The participant chose "Stop here" on a pause screen.
    case stop
    /// The operator quit or the window was closed.
    case quit
    /// The help list is shown.
    case helpOpen = "help_open"
    /// A help answer is shown; `text` is its question.
    case helpAnswer = "help_answer"
    /// Help is closed, back to the screen it was opened from.
    case helpClose = "help_close"
    /// A problem outside the block (a device that failed); `detail` says what.
    case problem
    /// The block is over; `detail` says `completed`, `stopped` or `quit`.
    case finished
}
