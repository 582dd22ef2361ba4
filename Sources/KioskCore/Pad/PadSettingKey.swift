/// One setting of a pad configuration: its label as the file spells it and how its value is
/// read. InteractLog 2.3's labels come first, in the order its own files list them.
struct PadSettingKey: Sendable {
    let label: String
    let apply: @Sendable (String, inout PadConfiguration) throws(PadSettingError) -> Void

    static let all: [PadSettingKey] = [
        PadSettingKey("recording pad size") { value, c throws(PadSettingError) in
            let numbers = try integers(value, count: 2, range: 1...16384, what: "a width and a height in pixels, e.g. 1260,600")
            c.padWidth = numbers[0]
            c.padHeight = numbers[1]
        },
        PadSettingKey("input mask image") { value, c throws(PadSettingError) in c.inputMask = try imagePath(value) },
        PadSettingKey("familiarisation image") { value, c throws(PadSettingError) in c.familiarisationImage = try imagePath(value) },
        PadSettingKey("timer for familiarisation(ms)") { value, c throws(PadSettingError) in
            c.familiarisationTimerMilliseconds = try integer(value, range: 0...86_400_000, what: "milliseconds")
        },
        PadSettingKey("allow key-press to turn off") { value, c throws(PadSettingError) in c.allowKeyPressToTurnOff = try boolean(value) },
        PadSettingKey("stimulus images") { value, c throws(PadSettingError) in c.stimulusImages = try imageList(value) },
        PadSettingKey("delay repeat stim display(ms)") { value, c throws(PadSettingError) in
            c.stimulusDelayMilliseconds = try integer(value, range: 0...600_000, what: "milliseconds")
        },
        PadSettingKey("hold key to show stimulus") { value, c throws(PadSettingError) in c.holdKeyToShowStimulus = try boolean(value) },
        PadSettingKey("hide input mask dur stim prog") { value, c throws(PadSettingError) in c.hideInputMaskDuringProgression = try boolean(value) },
        PadSettingKey("allow repeated stim display") { value, c throws(PadSettingError) in c.allowRepeatedStimulusDisplay = try boolean(value) },
        PadSettingKey("allow drawing over stimulus") { value, c throws(PadSettingError) in c.allowDrawingOverStimulus = try boolean(value) },
        PadSettingKey("stroke width") { value, c throws(PadSettingError) in
            c.strokeWidth = try number(value, range: 0.1...200, what: "a width in pixels, e.g. 2 or 2.5")
        },
        PadSettingKey("stroke colour") { value, c throws(PadSettingError) in c.strokeColour = try colour(value) },
        PadSettingKey("background colour") { value, c throws(PadSettingError) in c.backgroundColour = try colour(value) },
        PadSettingKey("show rubberband") { value, c throws(PadSettingError) in c.showRubberband = try boolean(value) },
        PadSettingKey("replay speed") { value, c throws(PadSettingError) in
            c.replaySpeed = Int(try number(value, range: 0...1000, what: "a replay speed, e.g. 2"))
        },
        PadSettingKey("show annotations") { value, c throws(PadSettingError) in c.showAnnotations = try boolean(value) },
        PadSettingKey("show stimulus (replay)") { value, c throws(PadSettingError) in c.showStimulusInReplay = try boolean(value) },
        PadSettingKey("stimulus permanent (replay)") { value, c throws(PadSettingError) in c.stimulusPermanentInReplay = try boolean(value) },
        PadSettingKey("show input mask (replay)") { value, c throws(PadSettingError) in c.showInputMaskInReplay = try boolean(value) },
        PadSettingKey("annotation style") { value, c throws(PadSettingError) in
            let style = value.trimmed()
            guard style == "On-Stroke" || style == "Off-Stroke" || style.isEmpty else {
                throw PadSettingError(offset: 0, message: "expected On-Stroke or Off-Stroke, got `\(style)`")
            }
            c.annotationStyle = style
        },
        PadSettingKey("show annotation bubbles") { value, c throws(PadSettingError) in c.showAnnotationBubbles = try boolean(value) },
        PadSettingKey("show connecting lines") { value, c throws(PadSettingError) in c.showConnectingLines = try boolean(value) },
        // InteractLog saves this label but reads back `override colours (B/W)`, so its own
        // saved setting never loads; both spellings are read here.
        PadSettingKey("override colours (B/W)") { value, c throws(PadSettingError) in c.overrideColoursWithBlackAndWhite = try boolean(value) },
        PadSettingKey("override colours with B/W") { value, c throws(PadSettingError) in c.overrideColoursWithBlackAndWhite = try boolean(value) },
        PadSettingKey("annotation colour") { value, c throws(PadSettingError) in c.annotationColour = try colour(value) },
        PadSettingKey("annotation background colour") { value, c throws(PadSettingError) in c.annotationBackgroundColour = try colour(value) },
        PadSettingKey("annotation font size") { value, c throws(PadSettingError) in
            c.annotationFontSize = try integer(value, range: 1...200, what: "a font size")
        },
        PadSettingKey("annotation font face") { value, c throws(PadSettingError) in c.annotationFontFace = value.trimmed() },
        // labkiosk's own keys, which InteractLog skips.
        PadSettingKey("on-screen controls") { value, c throws(PadSettingError) in c.onScreenControls = try boolean(value) },
        PadSettingKey("allow undo") { value, c throws(PadSettingError) in c.allowUndo = try boolean(value) },
        PadSettingKey("allow eraser") { value, c throws(PadSettingError) in c.allowEraser = try boolean(value) },
        PadSettingKey("end control hold(ms)") { value, c throws(PadSettingError) in
            c.endHoldMilliseconds = try integer(value, range: 0...10_000, what: "milliseconds")
        },
        PadSettingKey("after trial") { value, c throws(PadSettingError) in
            let text = value.trimmed()
            guard let choice = PadConfiguration.AfterTrial(rawValue: text) else {
                throw PadSettingError(offset: 0, message: "expected `next trial` or `finish`, got `\(text)`")
            }
            c.afterTrial = choice
        },
        PadSettingKey("stimulus phases") { value, c throws(PadSettingError) in c.stimulusPhases = try phases(value) },
    ]

    static let byLabel: [String: PadSettingKey] = Dictionary(uniqueKeysWithValues: all.map { ($0.label, $0) })

    init(_ label: String, apply: @escaping @Sendable (String, inout PadConfiguration) throws(PadSettingError) -> Void) {
        self.label = label
        self.apply = apply
    }

    // MARK: - Values

    private static func leadingSpaces(_ value: Substring) -> Int { value.prefix { $0 == " " || $0 == "\t" }.count }

    static func boolean(_ value: String) throws(PadSettingError) -> Bool {
        switch value.trimmed().lowercased() {
        case "true": return true
        case "false": return false
        default: throw PadSettingError(offset: leadingSpaces(Substring(value)), message: "expected true or false, got `\(value.trimmed())`")
        }
    }

    static func integer(_ value: String, range: ClosedRange<Int>, what: String) throws(PadSettingError) -> Int {
        let text = value.trimmed()
        guard let number = Int(text), range.contains(number) else {
            throw PadSettingError(offset: leadingSpaces(Substring(value)),
                                  message: "expected \(what) from \(range.lowerBound) to \(range.upperBound), got `\(text)`")
        }
        return number
    }

    static func number(_ value: String, range: ClosedRange<Double>, what: String) throws(PadSettingError) -> Double {
        let text = value.trimmed()
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw PadSettingError(offset: leadingSpaces(Substring(value)), message: "expected \(what), got `\(text)`")
        }
        return number
    }

    /// Comma-separated integers, each reported at its own column.
    static func integers(_ value: String, count: Int, range: ClosedRange<Int>, what: String) throws(PadSettingError) -> [Int] {
        var numbers: [Int] = []
        var offset = 0
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == count else {
            throw PadSettingError(offset: leadingSpaces(Substring(value)), message: "expected \(what), got `\(value.trimmed())`")
        }
        for part in parts {
            let text = String(part).trimmed()
            guard let number = Int(text), range.contains(number) else {
                throw PadSettingError(offset: offset + leadingSpaces(part), message: "expected \(what), got `\(text)`")
            }
            numbers.append(number)
            offset += part.count + 1
        }
        return numbers
    }

    static func colour(_ value: String) throws(PadSettingError) -> Color {
        let c = try integers(value, count: 4, range: 0...255, what: "red,green,blue,alpha from 0 to 255, e.g. 0,0,0,255")
        return Color(c[0], c[1], c[2], c[3])
    }

    static func imagePath(_ value: String) throws(PadSettingError) -> String? {
        let path = value.trimmed()
        if path.isEmpty { return nil }
        try checkImageName(path, offset: leadingSpaces(Substring(value)))
        return path
    }

    static func imageList(_ value: String) throws(PadSettingError) -> [String] {
        if value.trimmed().isEmpty { return [] }
        var paths: [String] = []
        var offset = 0
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            let path = String(part).trimmed()
            guard !path.isEmpty else { throw PadSettingError(offset: offset, message: "an empty image name in the list") }
            try checkImageName(path, offset: offset + leadingSpaces(part))
            paths.append(path)
            offset += part.count + 1
        }
        return paths
    }

    /// The base name goes into InteractLog's `;`-separated lines and `,`-separated header
    /// lists, and `:` splits its header lines.
    static func checkImageName(_ path: String, offset: Int) throws(PadSettingError) {
        let name = InteractLogNames.baseName(path)
        if let bad = name.unicodeScalars.first(where: { $0 == ";" || $0 == "," || $0 == ":" || $0.properties.generalCategory == .control }) {
            let shown = bad.properties.generalCategory == .control ? "a control character" : "`\(bad)`"
            throw PadSettingError(offset: offset, message: "the image name `\(name)` contains \(shown), which InteractLog's files cannot hold; rename the file")
        }
        if name.isEmpty { throw PadSettingError(offset: offset, message: "`\(path)` names a folder, not an image") }
    }

    /// `Name=count,Name=count`.
    static func phases(_ value: String) throws(PadSettingError) -> [PadConfiguration.StimulusPhase] {
        if value.trimmed().isEmpty { return [] }
        var phases: [PadConfiguration.StimulusPhase] = []
        var offset = 0
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "=", maxSplits: 1)
            let name = pieces.first.map { String($0).trimmed() } ?? ""
            guard pieces.count == 2, !name.isEmpty, let count = Int(String(pieces[1]).trimmed()), count > 0 else {
                throw PadSettingError(offset: offset + leadingSpaces(part), message: "expected `name=number of stimuli`, e.g. Copy=2,Recall=1; got `\(String(part).trimmed())`")
            }
            phases.append(.init(name: name, count: count))
            offset += part.count + 1
        }
        return phases
    }
}
