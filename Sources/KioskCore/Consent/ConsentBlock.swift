/// A consent form on screen (docs/consent.md): the pages to read, the statements to tick,
/// Agree or "I do not wish to take part", then the participant's typed name and signature.
/// Declining asks once more, then ends the block with the decision; the batch ends the
/// visit there. Everything is touch first: buttons, boxes and keys are large, and the name's
/// keys are on screen (a keyboard types too).
///
/// The block only decides; its host writes the record (the decision's time on the wall
/// clock, the name, each box, the signature as a picture).
public final class ConsentBlock: Block {
    public let canvas: Canvas
    public let form: ConsentForm
    /// Each page's text, as the instructions' HTML subset reads it.
    let pages: [RichText]
    var stage = Stage.page(0)
    public private(set) var ticked: [Bool]
    public internal(set) var name = ""
    /// The on-screen Shift: the next letter's case flips.
    private(set) var shiftOnce = false
    private var shiftHeld = false
    /// Finished strokes of the signature, on the canvas.
    public private(set) var strokes: [[Point]] = []
    /// The stroke being drawn, and the pointer drawing it.
    private(set) var stroke: [Point]?
    private var strokePointer: InputEvent.Pointer?
    /// Bumped when the signature is cleared, so the window repaints the ink.
    private(set) var inkGeneration = 0
    /// The button a pointer went down on; it acts when the pointer comes up on it.
    private var pressed: Action?
    private var start: MonotonicTime?
    private var now = MonotonicTime(nanoseconds: 0)
    public private(set) var outcome: Outcome?

    /// The longest name the field takes.
    static let longestName = 80

    indirect enum Stage: Hashable {
        case page(Int)
        case statements
        case name
        case signature
        /// "Are you sure?", then back to where the participant was.
        case confirmDecline(from: Stage)
    }

    /// How the block ended.
    public struct Outcome: Hashable, Sendable {
        public var decision: Decision
        public var time: MonotonicTime

        public init(decision: Decision, time: MonotonicTime) {
            self.decision = decision
            self.time = time
        }
    }

    public enum Decision: String, Hashable, Sendable {
        case agreed
        case declined
        /// An unattended (headless) run: nobody was there to ask.
        case notAsked = "not asked (unattended run)"
        /// The window was closed or staff stopped the batch before a decision.
        case stopped = "stopped before a decision"
    }

    enum Action: Hashable {
        case back, next, toggle(Int), agree, decline, declineConfirmed, declineCancelled
        case type(Character), backspace, shift, nameDone
        case clearSignature, signed
    }

    public init(form: ConsentForm, pageTexts: [String], canvas: Canvas) {
        self.form = form
        self.canvas = canvas
        pages = pageTexts.map { HTMLSubset.richText($0, alignment: .left) }
        ticked = Array(repeating: false, count: form.statements.count)
    }

    // MARK: - Block

    public func begin(at time: MonotonicTime) {
        start = time
        now = time
    }

    public var elapsedSeconds: Double { start.map { Double(now.since($0)) / 1e9 } ?? 0 }
    public var isFinished: Bool { outcome != nil }
    public var isClockRunning: Bool { !isFinished }
    public var isWaitingForParticipant: Bool { !isFinished }
    public var wantsPointer: Bool { !isFinished }

    public func advance(to time: MonotonicTime, inputs: [InputEvent]) {
        now = time
        for input in inputs where !isFinished {
            switch input.payload {
            case .quitRequested: finish(.stopped, at: input.time)
            case .pointerDown(let point, let pointer):
                if stage == .signature, signatureBox.contains(x: point.x, y: point.y) {
                    stroke = [point]
                    strokePointer = pointer
                } else {
                    pressed = button(at: point)?.action
                }
            case .pointerMove(let point, let pointer):
                if pointer == strokePointer, stroke != nil { stroke?.append(clamped(point)) }
            case .pointerUp(let point, let pointer):
                if pointer == strokePointer, var finished = stroke {
                    finished.append(clamped(point))
                    strokes.append(finished)
                    stroke = nil
                    strokePointer = nil
                } else if let action = pressed, button(at: point)?.action == action {
                    perform(action, at: input.time)
                }
                pressed = nil
            case .keyPress(let key): press(key, at: input.time)
            case .keyRelease("LSHIFT"), .keyRelease("RSHIFT"): shiftHeld = false
            default: break
            }
        }
    }

    public func dismissWaitingScreen(at time: MonotonicTime) {
        finish(.notAsked, at: time)
    }

    public func report(_ message: String, fatal: Bool, at time: MonotonicTime) {
        if fatal { end(at: time) }
    }

    public func end(at time: MonotonicTime) {
        if outcome == nil { finish(.stopped, at: time) }
    }

    private func finish(_ decision: Decision, at time: MonotonicTime) {
        outcome = Outcome(decision: decision, time: time)
    }

    // MARK: - Rules

    /// Whether every statement is ticked, so the participant may agree.
    var canAgree: Bool { ticked.allSatisfy { $0 } }
    var nameIsComplete: Bool { !name.trimmingSpacesAndTabs().isEmpty }

    func perform(_ action: Action, at time: MonotonicTime) {
        switch action {
        case .back:
            switch stage {
            case .page(let page) where page > 0: stage = .page(page - 1)
            case .statements where !pages.isEmpty: stage = .page(pages.count - 1)
            case .name: stage = .statements
            case .signature: stage = form.asksName ? .name : .statements
            default: break
            }
        case .next:
            if case .page(let page) = stage { stage = page + 1 < pages.count ? .page(page + 1) : .statements }
        case .toggle(let index): ticked[index].toggle()
        case .agree:
            guard canAgree else { return }
            afterStatements(at: time)
        case .decline: stage = .confirmDecline(from: stage)
        case .declineConfirmed: finish(.declined, at: time)
        case .declineCancelled:
            if case .confirmDecline(let from) = stage { stage = from }
        case .type(let character):
            guard name.count < Self.longestName else { return }
            let atWordStart = name.isEmpty || name.last == " " || name.last == "-"
            let upper = atWordStart != (shiftOnce || shiftHeld)
            name.append(character.isLetter ? Character(upper ? character.uppercased() : character.lowercased()) : character)
            shiftOnce = false
        case .backspace: if !name.isEmpty { name.removeLast() }
        case .shift: shiftOnce.toggle()
        case .nameDone:
            guard nameIsComplete else { return }
            name = name.trimmingSpacesAndTabs()
            if form.asksSignature { stage = .signature } else { finish(.agreed, at: time) }
        case .clearSignature:
            strokes = []
            inkGeneration += 1
        case .signed:
            if !strokes.isEmpty { finish(.agreed, at: time) }
        }
    }

    private func afterStatements(at time: MonotonicTime) {
        if form.asksName { stage = .name } else if form.asksSignature { stage = .signature } else { finish(.agreed, at: time) }
    }

    /// A keyboard: Enter and Space go on where a button would, the name field takes letters.
    private func press(_ key: String, at time: MonotonicTime) {
        if key == "LSHIFT" || key == "RSHIFT" {
            shiftHeld = true
            return
        }
        switch stage {
        case .name:
            if key == "ENTER" || key == "NUM_ENTER" { perform(.nameDone, at: time) } else if key == "BACKSPACE" { perform(.backspace, at: time) } else if let character = Self.nameCharacter(key) {
                perform(.type(character), at: time)
            }
        case .page:
            if key == "ENTER" || key == "SPACE" || key == "RIGHT" { perform(.next, at: time) } else if key == "LEFT" { perform(.back, at: time) }
        default: break
        }
    }

    /// What a key types in a name: letters, space, hyphen, apostrophe and full stop.
    static func nameCharacter(_ key: String) -> Character? {
        if key.count == 1, let letter = key.first, letter.isASCII, letter.isLetter { return letter }
        switch key {
        case "SPACE": return " "
        case "MINUS": return "-"
        case "APOSTROPHE": return "'"
        case "PERIOD": return "."
        default: return nil
        }
    }

    /// Ink stays inside the signature box.
    private func clamped(_ point: Point) -> Point {
        let box = signatureBox
        return Point(min(max(point.x, box.left), box.right), min(max(point.y, box.bottom), box.top))
    }
}
