/// A drawing-pad block: InteractLog's experiment on the shared runner. The participant gives
/// a name (or keeps "Anonymous Participant"), reads the welcome, then draws trial after trial
/// on the pad until the block is finished (docs/drawing-pad.md).
public final class PadBlock: OnsetReporting {
    public let canvas: Canvas
    public let configuration: PadConfiguration
    public let layout: PadLayout
    private let imageSizes: [String: (width: Int, height: Int)]
    private var outputs: [PadOutput] = []
    private var screen: Screen
    private(set) public var participant: String
    private var nameTyped = ""
    private var trialCount = 0
    private var drawnOnsets = DrawnOnsetBuffer()
    /// Strokes drawn in the trials ended so far.
    private var strokesDrawn = 0
    private var firstFrame: MonotonicTime?
    private var lastFrame = MonotonicTime(nanoseconds: 0)
    private var shiftHeld = Set<String>()
    /// The button each pointer went down on, until it comes up.
    private var pressedButtons: [InputEvent.Pointer: (button: PadButton, since: MonotonicTime)] = [:]
    private var message: String?
    /// The pointer devices open now, for each trial's samples file.
    private var devices: [PointerDeviceNotice] = []

    public static let anonymous = "Anonymous Participant"

    /// Figures for the session catalogue: trials begun and strokes drawn in those ended.
    public var summaryFigures: [(name: String, value: String)] {
        [("trials", "\(trialCount)"), ("strokes", "\(strokesDrawn)")]
    }

    /// What the participant sees now.
    var shownScreen: Screen { screen }

    enum Screen {
        case participantEntry
        case welcome
        case trial(PadTrial)
        case trialEnded(Int)
        case finished
    }

    /// - Parameters:
    ///   - participant: the name given on the command line; nil asks for one on screen.
    ///   - imageSizes: the pixel size of every image the configuration names, by path.
    public init(configuration: PadConfiguration, imageSizes: [String: (width: Int, height: Int)], canvas: Canvas, participant: String?) throws(PadLayout.DoesNotFit) {
        self.configuration = configuration
        self.imageSizes = imageSizes
        self.canvas = canvas
        layout = try PadLayout(configuration: configuration, imageSizes: imageSizes, canvas: canvas)
        self.participant = participant ?? Self.anonymous
        screen = participant == nil ? .participantEntry : .welcome
        if participant != nil { outputs.append(.experimentStarted) }
    }

    public func takeOutputs() -> [PadOutput] {
        defer { outputs.removeAll(keepingCapacity: true) }
        return outputs
    }

    // MARK: - Block

    public func begin(at time: MonotonicTime) {
        firstFrame = time
        lastFrame = time
    }

    public func advance(to time: MonotonicTime, inputs: [InputEvent]) {
        lastFrame = time
        for input in inputs {
            handle(input, frame: time)
            if case .finished = screen { break }
        }
        if case .trial(let trial) = screen {
            trial.advance(to: time)
            if let end = pressedButtons.values.first(where: { $0.button.role == .endTrial }),
               time.since(end.since) >= Int64(configuration.endHoldMilliseconds) * 1_000_000 {
                trial.noteControl("end", at: time, frame: time)
                trial.end()
            }
            collect(trial)
            if trial.isEnded { closeTrial() }
        }
    }

    public var isClockRunning: Bool { !isFinished }
    public var isWaitingForParticipant: Bool { !isFinished }
    public var wantsPointer: Bool {
        if case .trial = screen { return false }
        return true
    }
    public var isFinished: Bool {
        if case .finished = screen { return true }
        return false
    }
    public var elapsedSeconds: Double { firstFrame.map { Double(lastFrame.since($0)) / 1e9 } ?? 0 }

    /// Unattended runs move on: the default name, the pad opened, the trial ended, the block finished.
    public func dismissWaitingScreen(at time: MonotonicTime) {
        switch screen {
        case .participantEntry: confirmName()
        case .welcome: openTrial(at: time, openingKey: nil)
        case .trial(let trial):
            trial.end()
            collect(trial)
            closeTrial()
        case .trialEnded: screen = .finished
        case .finished: break
        }
    }

    public func report(_ problem: String, fatal: Bool, at time: MonotonicTime) {
        message = problem
        if case .trial(let trial) = screen {
            trial.note(.device, problem, at: time, frame: time)
            collect(trial)
        }
        if fatal { end(at: time) }
    }

    /// Ends the block now, saving the trial in progress.
    public func end(at time: MonotonicTime) {
        if case .trial(let trial) = screen {
            trial.end()
            collect(trial)
            closeTrial()
        }
        screen = .finished
    }

    // MARK: - Flow

    private func confirmName() {
        let typed = nameTyped.trimmed()
        participant = typed.isEmpty ? Self.anonymous : typed
        outputs.append(.experimentStarted)
        screen = .welcome
    }

    private func openTrial(at time: MonotonicTime, openingKey: String?) {
        trialCount += 1
        let trial = PadTrial(configuration: configuration, layout: layout, number: trialCount, openingKey: openingKey)
        outputs.append(.trialOpened(PadTrialOpening(participant: participant, trialNumber: trialCount, start: time,
                                                    configuration: configuration, padWidth: layout.padWidth, padHeight: layout.padHeight)))
        trial.open(at: time)
        // Every trial's samples file names the pointer devices in use.
        for notice in devices { note(notice, in: trial, at: time, frame: time) }
        collect(trial)
        screen = .trial(trial)
    }

    private func closeTrial() {
        guard case .trial(let trial) = screen else { return }
        strokesDrawn += trial.strokeCount
        outputs.append(.trialEnded)
        pressedButtons.removeAll()
        screen = .trialEnded(trial.number)
    }

    /// A pen or touchscreen notice, in the samples file of the trial running.
    private func note(_ notice: PointerDeviceNotice, in trial: PadTrial, at time: MonotonicTime, frame: MonotonicTime) {
        let kind: PadSampleRow.Kind = notice.kind == .eventsDropped ? .dropped : .device
        trial.note(kind, "\(notice.kind.rawValue): \(notice.device): \(notice.detail)", at: time, frame: frame)
    }

    private func collect(_ trial: PadTrial) {
        for record in trial.takeRecords() {
            outputs.append(.record(record))
            guard case .event(let event) = record, event.isShownAtFrame else { continue }
            drawnOnsets.note(kind: event.text.split(separator: "_", maxSplits: 1).first.map(String.init) ?? event.text, label: event.text)
        }
    }

    public func takeDrawnOnsets() -> [DrawnOnset] { drawnOnsets.take() }

    // MARK: - Input

    private func handle(_ input: InputEvent, frame: MonotonicTime) {
        switch input.payload {
        case .quitRequested:
            end(at: frame)
        case .keyPress(let name):
            if name == "LSHIFT" || name == "RSHIFT" { shiftHeld.insert(name) }
            keyPressed(name, input: input, frame: frame)
        case .keyRelease(let name):
            shiftHeld.remove(name)
            if case .trial(let trial) = screen { trial.keyReleased(name, at: input.time, frame: frame) }
        case .pointerDown(let point, let pointer):
            if let button = buttons.first(where: { $0.box.contains(x: point.x, y: point.y) }) {
                pressedButtons[pointer] = (button, frame)
                buttonPressed(button, at: input.time, frame: frame)
            } else if case .trial(let trial) = screen {
                trial.pointer(input, frame: frame)
            }
        case .pointerMove:
            if case .trial(let trial) = screen, let pointer = input.payload.pointer, pressedButtons[pointer] == nil {
                trial.pointer(input, frame: frame)
            }
        case .pointerUp(_, let pointer):
            if let pressed = pressedButtons.removeValue(forKey: pointer) {
                buttonReleased(pressed.button, at: input.time, frame: frame)
            } else if case .trial(let trial) = screen {
                trial.pointer(input, frame: frame)
            }
        case .pointerDevice(let notice):
            if notice.kind == .opened { devices.append(notice) }
            if notice.kind == .closed { devices.removeAll { $0.device == notice.device } }
            if case .trial(let trial) = screen { note(notice, in: trial, at: input.time, frame: frame) }
        case .joystickAxes, .joystickButton, .joystickDevice, .streamSample:
            break
        }
    }

    private func keyPressed(_ name: String, input: InputEvent, frame: MonotonicTime) {
        switch screen {
        case .participantEntry:
            switch name {
            case "ENTER", "NUM_ENTER": confirmName()
            case "BACKSPACE": if !nameTyped.isEmpty { nameTyped.removeLast() }
            default:
                let key = AWTKey.from(keyName: name, shift: !shiftHeld.isEmpty, control: false)
                if let scalar = key.character.unicodeScalars.first, key.character != AWTKey.undefinedCharacter,
                   scalar.properties.generalCategory != .control, scalar != "/", nameTyped.count < 60 {
                    nameTyped.append(key.character)
                }
            }
        case .welcome:
            if name == "N" { openTrial(at: frame, openingKey: name) }
            if name == "ESCAPE" { screen = .finished }
        case .trial(let trial):
            trial.keyPressed(name, at: input.time, frame: frame)
        case .trialEnded:
            if name == "N" && configuration.afterTrial == .offerNextTrial { openTrial(at: frame, openingKey: name) }
            if name == "ESCAPE" || name == "Q" { screen = .finished }
        case .finished:
            break
        }
    }

    private func buttonPressed(_ button: PadButton, at time: MonotonicTime, frame: MonotonicTime) {
        switch (screen, button.role) {
        case (.trial(let trial), .previous), (.trial(let trial), .repeatStimulus), (.trial(let trial), .hide), (.trial(let trial), .next):
            trial.noteControl(Self.controlName(button.role), at: time, frame: frame)
            trial.perform(Self.action(button.role), at: frame)
        case (.trial(let trial), .undo):
            trial.noteControl("undo", at: time, frame: frame)
            trial.undo(at: time, frame: frame)
        case (_, .character(let character)):
            if nameTyped.count < 60 { nameTyped.append(character) }
        case (_, .backspace):
            if !nameTyped.isEmpty { nameTyped.removeLast() }
        case (_, .confirmName): confirmName()
        case (_, .start), (_, .nextTrial): openTrial(at: frame, openingKey: nil)
        case (_, .finish): screen = .finished
        default: break
        }
    }

    private func buttonReleased(_ button: PadButton, at time: MonotonicTime, frame: MonotonicTime) {
        guard case .trial(let trial) = screen else { return }
        switch button.role {
        case .previous, .repeatStimulus, .next: trial.releaseHold(at: frame)
        default: break
        }
    }

    private static func action(_ role: PadButton.Role) -> PadTrial.StimulusAction {
        switch role {
        case .previous: .previous
        case .next: .next
        case .repeatStimulus: .repeatStimulus
        default: .hide
        }
    }

    private static func controlName(_ role: PadButton.Role) -> String {
        switch role {
        case .previous: "previous"
        case .next: "next"
        case .repeatStimulus: "repeat"
        default: "hide"
        }
    }

    // MARK: - Screens

    /// The buttons of the screen shown now.
    var buttons: [PadButton] {
        switch screen {
        case .participantEntry: return keyboardButtons
        case .welcome:
            return [PadButton(role: .start, label: "Start", box: centredButton(width: 320, bottom: canvas.height * 0.25))]
        case .trial:
            guard configuration.onScreenControls else { return [] }
            var items: [(PadButton.Role, String)] = []
            if configuration.allowRepeatedStimulusDisplay { items.append((.previous, "◀ Previous")) }
            if configuration.allowRepeatedStimulusDisplay { items.append((.repeatStimulus, "Show again")) }
            items.append((.hide, "Hide"))
            items.append((.next, "Next ▶"))
            if configuration.allowUndo { items.append((.undo, "Undo")) }
            items.append((.endTrial, "Hold to end"))
            return PadButton.row(items, in: layout.controls)
        case .trialEnded:
            let row = Rect(left: canvas.width / 2 - 340, bottom: canvas.height * 0.25, width: 680, height: PadLayout.controlHeight)
            return configuration.afterTrial == .offerNextTrial
                ? PadButton.row([(.nextTrial, "Another trial (N)"), (.finish, "Finish (Esc)")], in: row)
                : PadButton.row([(.finish, "Finish (Esc)")], in: row)
        case .finished: return []
        }
    }

    private func centredButton(width: Double, bottom: Double) -> Rect {
        Rect(left: (canvas.width - width) / 2, bottom: bottom, width: width, height: PadLayout.controlHeight)
    }

    private var keyboardButtons: [PadButton] {
        let rows = ["1234567890", "QWERTYUIOP", "ASDFGHJKL-", "ZXCVBNM_."]
        let key = 88.0, gap = 10.0
        var buttons: [PadButton] = []
        let top = canvas.height * 0.55
        for (index, row) in rows.enumerated() {
            let width = Double(row.count) * key + Double(row.count - 1) * gap
            let items = row.map { (PadButton.Role.character($0), String($0)) }
            buttons += PadButton.row(items, in: Rect(left: (canvas.width - width) / 2, bottom: top - Double(index + 1) * (key + gap), width: width, height: key), gap: gap)
        }
        let bottom = top - 5 * (key + gap)
        buttons += PadButton.row([(.character(" "), "Space"), (.backspace, "⌫ Delete"), (.confirmName, "OK")],
                                 in: Rect(left: canvas.width / 2 - 480, bottom: bottom, width: 960, height: key), gap: gap)
        return buttons
    }

    public func drawList() -> DrawList {
        var list = DrawList(canvas: canvas)
        list.fill(canvas.bounds, Color(200, 200, 200))
        let title = TextStyle(pointSize: 26, color: Color(30, 30, 30))
        let body = TextStyle(pointSize: 18, color: Color(30, 30, 30), wraps: true)
        switch screen {
        case .participantEntry:
            list.text("Participant", in: Rect(left: 0, bottom: canvas.height * 0.82, width: canvas.width, height: 60), title)
            let field = Rect(left: canvas.width / 2 - 400, bottom: canvas.height * 0.7, width: 800, height: 80)
            list.fill(field, .white)
            list.stroke(field, Color(90, 90, 90), lineWidth: 2)
            let shown = nameTyped.isEmpty ? Self.anonymous : nameTyped + "▏"
            list.text(shown, in: field.inset(by: 8), TextStyle(pointSize: 24, color: nameTyped.isEmpty ? Color(140, 140, 140) : Color(20, 20, 20)))
            list.text("Type the name on the keys below or a keyboard; OK (or Enter) with none given keeps “\(Self.anonymous)”.",
                      in: Rect(left: 0, bottom: canvas.height * 0.62, width: canvas.width, height: 40), TextStyle(pointSize: 14, color: Color(60, 60, 60)))
        case .welcome:
            list.text("Welcome, \(participant)", in: Rect(left: 0, bottom: canvas.height * 0.65, width: canvas.width, height: 60), title)
            list.text("Press N or tap Start to open the drawing pad. Esc, or holding “Hold to end”, ends the trial.",
                      in: Rect(left: canvas.width / 2 - 600, bottom: canvas.height * 0.45, width: 1200, height: 120), body)
        case .trial(let trial):
            drawPad(trial, into: &list)
            if configuration.onScreenControls && holdsToView {
                list.text("Hold a button, or its key, for as long as you want to see the picture.",
                          in: Rect(left: 0, bottom: layout.controls.bottom - 40, width: canvas.width, height: 30),
                          TextStyle(pointSize: 14, color: Color(60, 60, 60)))
            }
        case .trialEnded(let number):
            list.text("Thank you. Trial \(number) is saved.", in: Rect(left: 0, bottom: canvas.height * 0.55, width: canvas.width, height: 60), title)
        case .finished:
            break
        }
        let pressed = Set(pressedButtons.values.map(\.button.role))
        for button in buttons {
            var progress: Double?
            if button.role == .endTrial, let since = pressedButtons.values.first(where: { $0.button.role == .endTrial })?.since {
                progress = Double(lastFrame.since(since)) / (Double(max(1, configuration.endHoldMilliseconds)) * 1e6)
            }
            button.draw(into: &list, pressed: pressed.contains(button.role), progress: progress)
        }
        if let message {
            list.text(message, in: Rect(left: 0, bottom: 8, width: canvas.width, height: 30), TextStyle(pointSize: 14, color: Color(160, 30, 30)))
        }
        return list
    }

    /// In hold-to-view mode a stimulus stays only while its key or button is held.
    private var holdsToView: Bool { configuration.holdKeyToShowStimulus && configuration.allowRepeatedStimulusDisplay }

    private func drawPad(_ trial: PadTrial, into list: inout DrawList) {
        list.fill(layout.pad, configuration.backgroundColour)
        let onScreen = trial.imageOnScreen
        if onScreen == nil, let mask = configuration.inputMask { drawImage(mask, into: &list) }
        let inkOverImage = configuration.allowDrawingOverStimulus
        if let onScreen, inkOverImage { drawImage(onScreen, into: &list) }
        list.append(.ink(InkLayer(id: trial.number, generation: trial.inkGeneration, box: layout.pad, color: configuration.strokeColour,
                                  lineWidth: configuration.strokeWidth, strokes: trial.ink)))
        if let active = trial.activeStroke { Self.appendActiveStroke(active.points, into: &list, color: configuration.strokeColour, width: configuration.strokeWidth) }
        if let onScreen, !inkOverImage { drawImage(onScreen, into: &list) }
    }

    private func drawImage(_ path: String, into list: inout DrawList) {
        guard let size = imageSizes[path] else { return }
        list.image(path, in: layout.imageBox(width: size.width, height: size.height))
    }

    /// The stroke in progress as short pieces: each frame changes only the last one, so only
    /// its few pixels are repainted however long the stroke grows.
    static let pieceLength = 16

    static func appendActiveStroke(_ points: [Point], into list: inout DrawList, color: Color, width: Double) {
        if points.count == 1, let only = points.first {
            list.append(.fillCircle(center: only, radius: max(1, width / 2), color))
            return
        }
        var start = 0
        while start < points.count - 1 {
            let end = min(points.count, start + pieceLength)
            list.append(.polyline(Array(points[start..<end]), color, lineWidth: width, closed: false))
            start = end - 1
        }
    }
}
