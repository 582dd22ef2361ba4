/// What the host needs when a trial opens to name its files and write its header; the wall
/// dates are the host's, the core never reads a clock.
public struct PadTrialOpening: Hashable, Sendable {
    public var participant: String
    public var trialNumber: Int
    public var start: MonotonicTime
    public var configuration: PadConfiguration
    public var padWidth: Int
    public var padHeight: Int

    public func header(experimentStart: LocalDateTime, trialStart: LocalDateTime) -> InteractLogHeader {
        InteractLogHeader(
            name: participant, experimentStart: experimentStart, strokeColour: configuration.strokeColour,
            backgroundColour: configuration.backgroundColour, strokeWidth: configuration.strokeWidth,
            stimulusFiles: configuration.stimulusImages.map(InteractLogNames.baseName),
            familiarisationFile: configuration.familiarisationImage.map(InteractLogNames.baseName),
            inputMaskFile: configuration.inputMask.map(InteractLogNames.baseName),
            padWidth: padWidth, padHeight: padHeight, trialNumber: trialNumber, trialStart: trialStart)
    }
}

/// What a drawing-pad block hands its host, in order.
public enum PadOutput: Hashable, Sendable {
    /// The participant's name is confirmed: InteractLog's Experiment Start.
    case experimentStarted
    /// A trial opened: its files are created now.
    case trialOpened(PadTrialOpening)
    /// A line for the trial's files; a `.stroke` row also tells the host to sync them.
    case record(PadRecord)
    /// The trial ended: its final files are composed now.
    case trialEnded
}
