/// A drawing-pad experiment: the settings of Java InteractLog 2.3's configuration file, every
/// one of them (docs/drawing-pad.md: Configuration), plus what a kiosk needs that InteractLog
/// never had. Image paths are as the file gives them; the loader resolves them against the
/// configuration's folder.
public struct PadConfiguration: Hashable, Sendable {
    // General
    /// The pad size asked for, in pixels; the pad grows to fit the first image and the mask.
    public var padWidth = 1260
    public var padHeight = 600

    // Input mask, familiarisation, stimuli
    public var inputMask: String?
    public var familiarisationImage: String?
    /// After this long the familiarisation image goes by itself; 0 waits for a key.
    public var familiarisationTimerMilliseconds = 0
    /// Kept for InteractLog's file: in 2.3 any key ends familiarisation either way.
    public var allowKeyPressToTurnOff = true
    public var stimulusImages: [String] = []
    public var stimulusDelayMilliseconds = 0
    /// Hold to view: releasing a key hides the visible stimulus.
    public var holdKeyToShowStimulus = true
    /// Lets Right and Left go straight from one visible stimulus to the next.
    public var hideInputMaskDuringProgression = true
    /// Enables Up and Left.
    public var allowRepeatedStimulusDisplay = true
    public var allowDrawingOverStimulus = false

    // Drawing
    public var strokeWidth = 2.0
    public var strokeColour = Color(0, 0, 0, 255)
    public var backgroundColour = Color(255, 255, 255, 255)
    public var showRubberband = true

    // Replay (InteractLog's own replay reads these; kept so a file reads back unchanged)
    public var replaySpeed = 2
    public var showAnnotations = true
    public var showStimulusInReplay = true
    public var stimulusPermanentInReplay = false
    public var showInputMaskInReplay = true
    public var annotationStyle = "On-Stroke"
    public var showAnnotationBubbles = true
    public var showConnectingLines = true
    public var overrideColoursWithBlackAndWhite = false
    public var annotationColour = Color(0, 0, 255, 255)
    public var annotationBackgroundColour = Color(255, 255, 225, 255)
    public var annotationFontSize = 14
    public var annotationFontFace = "Arial"

    // Kiosk
    /// Large on-screen buttons for the stimulus keys, the end of a trial and undo.
    public var onScreenControls = true
    /// Strokes may be taken back with the undo control (the logs keep them).
    public var allowUndo = false
    /// A pen's eraser end removes the strokes it touches (the logs keep them).
    public var allowEraser = false
    /// How long the on-screen end control must be held, so a stray tap does not end a trial.
    public var endHoldMilliseconds = 1500
    /// What the end screen offers: another trial, or only the end of the block.
    public var afterTrial = AfterTrial.offerNextTrial
    /// Names for consecutive runs of stimuli, e.g. a copy phase then a recall phase; the
    /// samples file carries them, InteractLog's files keep its own event names.
    public var stimulusPhases: [StimulusPhase] = []

    public init() {}

    public enum AfterTrial: String, Hashable, Sendable, CaseIterable {
        case offerNextTrial = "next trial"
        case finish
    }

    /// A named run of consecutive stimuli.
    public struct StimulusPhase: Hashable, Sendable {
        public var name: String
        public var count: Int

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    /// The phase of the stimulus at `index`, when phases are named.
    public func phaseName(ofStimulus index: Int) -> String? {
        var end = 0
        for phase in stimulusPhases {
            end += phase.count
            if index < end { return phase.name }
        }
        return nil
    }
}
