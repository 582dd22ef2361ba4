/// The 12-line header InteractLog 2.3 writes at the top of a trial's main, strokes and keys
/// files: labels padded to 21 characters, then `:` and the value (docs/drawing-pad.md: Files).
public struct InteractLogHeader: Hashable, Sendable {
    public var name: String
    public var experimentStart: LocalDateTime
    public var strokeColour: Color
    public var backgroundColour: Color
    public var strokeWidth: Double
    /// Base names, in presentation order.
    public var stimulusFiles: [String]
    public var familiarisationFile: String?
    public var inputMaskFile: String?
    public var padWidth: Int
    public var padHeight: Int
    public var trialNumber: Int
    public var trialStart: LocalDateTime

    public init(name: String, experimentStart: LocalDateTime, strokeColour: Color, backgroundColour: Color, strokeWidth: Double,
                stimulusFiles: [String], familiarisationFile: String?, inputMaskFile: String?, padWidth: Int, padHeight: Int,
                trialNumber: Int, trialStart: LocalDateTime) {
        self.name = name
        self.experimentStart = experimentStart
        self.strokeColour = strokeColour
        self.backgroundColour = backgroundColour
        self.strokeWidth = strokeWidth
        self.stimulusFiles = stimulusFiles
        self.familiarisationFile = familiarisationFile
        self.inputMaskFile = inputMaskFile
        self.padWidth = padWidth
        self.padHeight = padHeight
        self.trialNumber = trialNumber
        self.trialStart = trialStart
    }

    public static let labelWidth = 21

    /// The first 11 lines, all but `Trial End`, which is known only when the trial ends.
    public var linesBeforeTrialEnd: [String] {
        [
            Self.line("Name", name),
            Self.line("Experiment Start", InteractLogNames.headerDate(experimentStart)),
            Self.line("Stroke Colour", Self.rgba(strokeColour)),
            Self.line("Background Colour", Self.rgba(backgroundColour)),
            // Java's Float.toString: always a fraction digit, shortest digits that read back.
            Self.line("Stroke Width", Float(strokeWidth).description),
            Self.line("Stimulus Files", stimulusFiles.joined(separator: ",")),
            Self.line("Familiarisation File", familiarisationFile ?? ""),
            Self.line("Input Mask File", inputMaskFile ?? ""),
            Self.line("Drawing Pad Size", "\(padWidth),\(padHeight)"),
            Self.line("Trial Number", String(trialNumber)),
            Self.line("Trial Start", InteractLogNames.headerDate(trialStart)),
        ]
    }

    /// The whole header: 12 lines and the empty line after them, each ending in LF.
    public func text(trialEnd: LocalDateTime) -> String {
        (linesBeforeTrialEnd + [Self.trialEndLine(trialEnd), ""]).map { $0 + "\n" }.joined()
    }

    public static func trialEndLine(_ date: LocalDateTime) -> String {
        line("Trial End", InteractLogNames.headerDate(date))
    }

    static func line(_ label: String, _ value: String) -> String {
        label + String(repeating: " ", count: max(0, labelWidth - label.count)) + ":" + value
    }

    private static func rgba(_ c: Color) -> String { "\(c.red),\(c.green),\(c.blue),\(c.alpha)" }
}
