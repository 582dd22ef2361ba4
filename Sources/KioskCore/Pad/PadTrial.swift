/// One trial on the drawing pad, from the pad opening to the end key: what InteractLog 2.3
/// does with keys, the pointer and its timers, logged line for line as it logs them, plus
/// every pointer sample for the samples file (docs/drawing-pad.md: The trial).
///
/// Deterministic: times come from the inputs (their own timestamps) and from the frames.
final class PadTrial {
    let configuration: PadConfiguration
    let layout: PadLayout
    let number: Int
    /// Everything recorded since the host last took it.
    private(set) var records: [PadRecord] = []
    private(set) var isEnded = false
    /// The strokes on the pad, on the canvas, oldest first: handed to every frame's ink
    /// layer as it is, so a frame copies nothing however many strokes there are.
    private(set) var ink: [[Point]] = []
    /// The number of each stroke in `ink`.
    private var inkNumbers: [Int] = []
    /// Bumped when strokes leave the pad.
    private(set) var inkGeneration = 0
    /// The stroke being drawn, on the canvas.
    private(set) var activeStroke: ActiveStroke?

    struct ActiveStroke {
        var pointer: InputEvent.Pointer
        var number: Int
        var downTime: MonotonicTime
        var downX: Int, downY: Int
        var points: [Point]
    }

    private var counter = 0
    private(set) var strokeCount = 0
    private var keyRowCount = 1  // InteractLog numbers key rows from 2
    private var drawingEnabled = false
    /// InteractLog's "first stimulus" state: the familiarisation image is up or still due.
    private var inFamiliarisation: Bool
    private var familiarisationDue: MonotonicTime?
    /// The stimulus on screen, if any.
    private(set) var visibleStimulus: Int?
    /// The stimulus the next Up shows again; -1 before the first.
    private(set) var stimulusIndex = -1
    /// When a stimulus asked for shows, after its delay.
    private(set) var pendingShow: MonotonicTime?
    /// The last key press logged; the same key again before a release is auto-repeat.
    private var lastPressCode: Int?
    /// The key that opened the pad: its release belongs to the screen before.
    private var openingKey: String?
    private var pressedKeys: [String: (key: AWTKey, time: MonotonicTime)] = [:]
    private var shiftHeld = Set<String>(), controlHeld = Set<String>()
    /// Pointers touching the surface now.
    private var touching = Set<InputEvent.Pointer>()

    init(configuration: PadConfiguration, layout: PadLayout, number: Int, openingKey: String?) {
        self.configuration = configuration
        self.layout = layout
        self.number = number
        self.openingKey = openingKey
        inFamiliarisation = configuration.familiarisationImage != nil
    }

    func takeRecords() -> [PadRecord] {
        defer { records.removeAll(keepingCapacity: true) }
        return records
    }

    var familiarisationVisible: Bool { inFamiliarisation && configuration.familiarisationImage != nil }

    /// The image on screen, by its path in the configuration.
    var imageOnScreen: String? {
        if familiarisationVisible { return configuration.familiarisationImage }
        return visibleStimulus.map { configuration.stimulusImages[$0] }
    }

    var drawingPermitted: Bool {
        drawingEnabled && (imageOnScreen == nil || configuration.allowDrawingOverStimulus)
    }

    // MARK: - Opening and time

    /// The pad opens: the familiarisation image, or the first stimulus, shows at once.
    func open(at time: MonotonicTime) {
        if let familiarisation = configuration.familiarisationImage {
            logShown(time, "FamiliarisationOn_\(InteractLogNames.baseName(familiarisation))")
            if configuration.familiarisationTimerMilliseconds > 0 {
                familiarisationDue = MonotonicTime(nanoseconds: time.nanoseconds + Int64(configuration.familiarisationTimerMilliseconds) * 1_000_000)
            } else {
                enableDrawing(at: time)
            }
        } else {
            enableDrawing(at: time)
            // InteractLog shows the first stimulus here without a line; every image that
            // becomes visible gets one here (docs/drawing-pad.md: Departures).
            if !configuration.stimulusImages.isEmpty {
                stimulusIndex = 0
                show(at: time)
            }
        }
    }

    /// Runs the timers due by this frame: the familiarisation timer and a delayed stimulus.
    func advance(to time: MonotonicTime) {
        if let due = familiarisationDue, time >= due {
            familiarisationDue = nil
            hideImage(at: time)
            enableDrawing(at: time)
        }
        if let due = pendingShow, time >= due {
            pendingShow = nil
            show(at: time)
        }
    }

    private func enableDrawing(at time: MonotonicTime) {
        guard !drawingEnabled else { return }
        drawingEnabled = true
        logShown(time, "DrawingEnabled")
    }

    // MARK: - Keys

    func keyPressed(_ name: String, at time: MonotonicTime, frame: MonotonicTime) {
        if name == "LSHIFT" || name == "RSHIFT" { shiftHeld.insert(name) }
        if name == "LCTRL" || name == "RCTRL" { controlHeld.insert(name) }
        let key = AWTKey.from(keyName: name, shift: !shiftHeld.isEmpty, control: !controlHeld.isEmpty && name.count == 1)
        if key.code == lastPressCode { return }
        lastPressCode = key.code
        openingKey = nil
        pressedKeys[name] = (key, time)
        log(time, key.logLine(pressed: true))
        if key.code == 27 || (key.code == 10 && !controlHeld.isEmpty) {
            end()
            return
        }
        perform(StimulusAction(keyCode: key.code), at: frame)
    }

    func keyReleased(_ name: String, at time: MonotonicTime, frame: MonotonicTime) {
        shiftHeld.remove(name)
        controlHeld.remove(name)
        if name == openingKey {
            openingKey = nil
            return
        }
        lastPressCode = nil
        guard let press = pressedKeys.removeValue(forKey: name) else { return }
        log(time, press.key.logLine(pressed: false))
        keyRowCount += 1
        records.append(.key(KeyRow(number: keyRowCount, key: press.key, press: press.time, release: time)))
        releaseHold(at: frame)
    }

    /// What a key or an on-screen control asks of the stimuli.
    enum StimulusAction: Hashable, Sendable {
        case repeatStimulus, next, previous, hide

        init(keyCode: Int) {
            switch keyCode {
            case 38: self = .repeatStimulus
            case 39: self = .next
            case 37: self = .previous
            default: self = .hide
            }
        }
    }

    /// InteractLog's key rules, for a key or an on-screen control.
    func perform(_ action: StimulusAction, at time: MonotonicTime) {
        let stimuli = configuration.stimulusImages
        if inFamiliarisation {
            // Every key ends familiarisation, arrows included (InteractLog 2.3 as it runs).
            if familiarisationVisible { hideImage(at: time) }
            return
        }
        switch action {
        case .repeatStimulus:
            guard !stimuli.isEmpty, configuration.allowRepeatedStimulusDisplay, visibleStimulus == nil, pendingShow == nil else { return }
            if stimulusIndex < 0 { stimulusIndex = 0 }
            requestShow(at: time)
        case .next, .previous:
            guard !stimuli.isEmpty else { return }
            if action == .previous && !configuration.allowRepeatedStimulusDisplay { return }
            guard configuration.hideInputMaskDuringProgression || visibleStimulus == nil else {
                hideImage(at: time)
                return
            }
            let target = stimulusIndex + (action == .next ? 1 : -1)
            guard stimuli.count > 1, target >= 0, target < stimuli.count, action == .next || stimulusIndex > 0 else { return }
            hideImage(at: time)
            stimulusIndex = target
            requestShow(at: time)
        case .hide:
            hideImage(at: time)
        }
    }

    /// A key or control coming up: in hold-to-view mode it takes the stimulus away.
    func releaseHold(at time: MonotonicTime) {
        guard configuration.holdKeyToShowStimulus, configuration.allowRepeatedStimulusDisplay, !inFamiliarisation else { return }
        // A stimulus still waiting for its delay is not shown after the key is gone
        // (InteractLog shows it anyway and leaves it up: docs/drawing-pad.md: Departures).
        pendingShow = nil
        if visibleStimulus != nil { hideImage(at: time) }
    }

    private func requestShow(at time: MonotonicTime) {
        if configuration.stimulusDelayMilliseconds > 0 {
            pendingShow = MonotonicTime(nanoseconds: time.nanoseconds + Int64(configuration.stimulusDelayMilliseconds) * 1_000_000)
        } else {
            show(at: time)
        }
    }

    private func show(at time: MonotonicTime) {
        visibleStimulus = stimulusIndex
        logShown(time, "StimulusOn_\(InteractLogNames.baseName(configuration.stimulusImages[stimulusIndex]))")
    }

    private func hideImage(at time: MonotonicTime) {
        if inFamiliarisation {
            inFamiliarisation = false
            familiarisationDue = nil
            if let familiarisation = configuration.familiarisationImage {
                logShown(time, "FamiliarisationOff_\(InteractLogNames.baseName(familiarisation))")
            }
        } else if let visible = visibleStimulus {
            visibleStimulus = nil
            logShown(time, "StimulusOff_\(InteractLogNames.baseName(configuration.stimulusImages[visible]))")
        }
    }

    // MARK: - Pointer

    func pointer(_ event: InputEvent, frame: MonotonicTime) {
        guard let pointer = event.payload.pointer else { return }
        let position: Point, contact: PadSampleRow.Contact
        switch event.payload {
        case .pointerDown(let p, _):
            (position, contact) = (p, .down)
            touching.insert(pointer)
        case .pointerMove(let p, _): (position, contact) = (p, event.pointerSample?.inContact == false ? .hover : .move)
        case .pointerUp(let p, _): (position, contact) = (p, touching.remove(pointer) == nil ? .leave : .up)
        default: return
        }
        if pointer.tool == .eraser {
            erase(at: position, pointer: pointer, contact: contact, event: event, frame: frame)
            return
        }
        var strokeNumber: Int?
        switch contact {
        case .down:
            if activeStroke == nil, drawingPermitted, layout.pad.contains(x: position.x, y: position.y) {
                strokeCount += 1
                let (x, y) = layout.padPixel(position)
                activeStroke = ActiveStroke(pointer: pointer, number: strokeCount, downTime: event.time, downX: x, downY: y, points: [position])
                log(event.time, "ButtonDown", x: x, y: y)
            }
            if activeStroke?.pointer == pointer { strokeNumber = activeStroke?.number }
        case .move:
            if activeStroke?.pointer == pointer {
                activeStroke?.points.append(position)
                strokeNumber = activeStroke?.number
            }
        case .up:
            if let stroke = activeStroke, stroke.pointer == pointer {
                let (x, y) = layout.padPixel(position)
                log(event.time, "ButtonReleased", x: x, y: y)
                records.append(.stroke(StrokeRow(number: stroke.number, down: stroke.downTime, up: event.time,
                                                 x1: stroke.downX, y1: stroke.downY, x2: x, y2: y)))
                ink.append(stroke.points + [position])
                inkNumbers.append(stroke.number)
                activeStroke = nil
                strokeNumber = stroke.number
            }
        case .hover, .leave:
            break
        }
        sample(event, position: position, contact: contact, stroke: strokeNumber, frame: frame)
    }

    private func sample(_ event: InputEvent, position: Point, contact: PadSampleRow.Contact, stroke: Int?, frame: MonotonicTime) {
        let (x, y) = layout.padOffset(position)
        let s = event.pointerSample
        records.append(.sample(PadSampleRow(
            kind: .sample, eventTime: event.time, frameTime: frame, x: x, y: y, pressure: s?.pressure,
            // The pad's y runs down the screen, the canvas's up it.
            tiltX: s?.tilt?.xDegrees, tiltY: s?.tilt.map { -$0.yDegrees }, tool: event.payload.pointer?.tool, contact: contact,
            stroke: stroke, onScreen: imageOnScreen.map(InteractLogNames.baseName), phase: phaseName)))
    }

    private var phaseName: String? {
        if familiarisationVisible { return "Familiarisation" }
        return stimulusIndex >= 0 ? configuration.phaseName(ofStimulus: stimulusIndex) : nil
    }

    /// The eraser end takes away every stroke it passes over, when the configuration allows.
    private func erase(at position: Point, pointer: InputEvent.Pointer, contact: PadSampleRow.Contact, event: InputEvent, frame: MonotonicTime) {
        sample(event, position: position, contact: contact, stroke: nil, frame: frame)
        guard configuration.allowEraser, contact == .down || contact == .move else { return }
        let reach = max(configuration.strokeWidth, 8)
        let touched = zip(inkNumbers, ink).filter { Self.distance(from: position, to: $0.1) <= reach }.map(\.0)
        guard !touched.isEmpty else { return }
        remove(touched, kind: .erase, at: event.time, frame: frame)
    }

    /// Takes the last stroke back (the undo control).
    func undo(at time: MonotonicTime, frame: MonotonicTime) {
        guard configuration.allowUndo, let last = inkNumbers.last else { return }
        remove([last], kind: .undo, at: time, frame: frame)
    }

    private func remove(_ numbers: [Int], kind: PadSampleRow.Kind, at time: MonotonicTime, frame: MonotonicTime) {
        let gone = Set(numbers)
        let kept = zip(inkNumbers, ink).filter { !gone.contains($0.0) }
        inkNumbers = kept.map(\.0)
        ink = kept.map(\.1)
        inkGeneration += 1
        records.append(.sample(PadSampleRow(kind: kind, eventTime: time, frameTime: frame,
                                            onScreen: imageOnScreen.map(InteractLogNames.baseName), phase: phaseName,
                                            detail: numbers.map(String.init).joined(separator: " "))))
    }

    /// Notes a use of an on-screen control in the samples file.
    func noteControl(_ name: String, at time: MonotonicTime, frame: MonotonicTime) {
        records.append(.sample(PadSampleRow(kind: .control, eventTime: time, frameTime: frame,
                                            onScreen: imageOnScreen.map(InteractLogNames.baseName), phase: phaseName, detail: name)))
    }

    /// Notes something about the pointer devices in the samples file.
    func note(_ kind: PadSampleRow.Kind, _ detail: String, at time: MonotonicTime, frame: MonotonicTime) {
        records.append(.sample(PadSampleRow(kind: kind, eventTime: time, frameTime: frame, detail: detail)))
    }

    /// Ends the trial (the end key, the end control, the operator); the host composes its
    /// files from what it has recorded.
    func end() {
        isEnded = true
    }

    private static func distance(from p: Point, to points: [Point]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(points, points.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y
            let length2 = dx * dx + dy * dy
            let t = length2 > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2)) : 0
            let cx = a.x + t * dx - p.x, cy = a.y + t * dy - p.y
            best = min(best, (cx * cx + cy * cy).squareRoot())
        }
        if points.count == 1, let only = points.first {
            best = ((only.x - p.x) * (only.x - p.x) + (only.y - p.y) * (only.y - p.y)).squareRoot()
        }
        return best
    }

    private func log(_ time: MonotonicTime, _ text: String, x: Int = 0, y: Int = 0) {
        counter += 1
        records.append(.event(InteractLogEvent(number: counter, time: time, x: x, y: y, text: text)))
    }

    /// A line about what the screen shows, at the frame that shows it.
    private func logShown(_ time: MonotonicTime, _ text: String) {
        counter += 1
        records.append(.event(InteractLogEvent(number: counter, time: time, text: text, isShownAtFrame: true)))
    }
}
