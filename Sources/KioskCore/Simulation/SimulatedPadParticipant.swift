/// A simulated participant at a drawing pad (docs/drawing-pad.md, ``BehaviourModel/Drawing``):
/// goes on from the name screen with Enter and, having read the welcome, taps Start. On the
/// pad it looks at the familiarisation image (or waits for its timer) and hides it with Down;
/// then, for each stimulus in turn, looks at it and hides it (in hold-to-view mode, holds the
/// key that shows it for the look), and draws the model's strokes, each after a pen-up gap
/// (``SimulatedPenStroke``); with no stimuli, draws them on the empty pad. Then it ends the
/// trial as a person does — holds "Hold to end" with the pen, or presses Esc where the pad has
/// no on-screen controls — and taps Finish. Every sample reaches the block as a pen's does,
/// with its own time, so the InteractLog files are those a person's drawing would leave.
final class SimulatedPadParticipant: SimulatedParticipant {
    private let block: PadBlock
    private let drawing: BehaviourModel.Drawing
    private let reading: ExGaussian
    private var generator: SplitMix64
    private var pending = PendingInputs()
    /// Strokes drawn on the stimulus on screen last (−1: the empty pad), in the trial running.
    private var strokesDrawn: (trial: Int, stimulus: Int, count: Int) = (0, -1, 0)
    /// The stimulus last asked for, so one the pad will not show is not asked for again.
    private var stimulusAskedFor: (trial: Int, stimulus: Int)?
    static let keyMilliseconds = 90.0
    static let tapMilliseconds = 80.0
    /// How long past its requirement "Hold to end" is held.
    static let endHoldBeyondMilliseconds = 200.0

    init(block: PadBlock, drawing: BehaviourModel.Drawing, reading: ExGaussian, seed: UInt64) {
        self.block = block
        self.drawing = drawing
        self.reading = reading
        generator = SplitMix64(seed: seed)
    }

    var answersWaitingScreens: Bool { true }

    func inputs(lookingAt time: MonotonicTime, dueBy due: MonotonicTime) -> [InputEvent] {
        // Pending inputs the block has not seen yet may change what it shows.
        if pending.isSettled(at: time) { act(at: time) }
        return pending.take(through: due, lookingAt: time)
    }

    private func act(at time: MonotonicTime) {
        switch block.shownScreen {
        case .participantEntry:
            key("ENTER", at: time.adding(milliseconds: reading.drawMilliseconds(&generator)))
        case .welcome:
            tap(.start, at: time.adding(milliseconds: reading.drawMilliseconds(&generator)))
        case .trial(let trial):
            act(on: trial, at: time)
        case .trialEnded:
            tap(.finish, at: time.adding(milliseconds: reading.drawMilliseconds(&generator)))
        case .finished:
            break
        }
    }

    private func act(on trial: PadTrial, at time: MonotonicTime) {
        let configuration = block.configuration
        if trial.familiarisationVisible {
            // A familiarisation on a timer goes by itself.
            if configuration.familiarisationTimerMilliseconds == 0 { key("DOWN", at: time.adding(milliseconds: drawing.view.drawMilliseconds(&generator))) }
            return
        }
        if trial.pendingShow != nil { return }
        if trial.imageOnScreen != nil, !trial.drawingPermitted {
            key("DOWN", at: time.adding(milliseconds: drawing.view.drawMilliseconds(&generator)))
            return
        }
        let stimuli = configuration.stimulusImages
        let current = trial.stimulusIndex
        if strokesDrawn.trial != trial.number || strokesDrawn.stimulus != current { strokesDrawn = (trial.number, current, 0) }
        if (stimuli.isEmpty || current >= 0), strokesDrawn.count < drawing.strokes {
            draw(stroke: strokesDrawn.count, at: time.adding(milliseconds: drawing.gap.drawMilliseconds(&generator)))
            strokesDrawn.count += 1
            return
        }
        let next = current + 1
        if next < stimuli.count, stimulusAskedFor.map({ $0 != (trial.number, next) }) ?? true {
            stimulusAskedFor = (trial.number, next)
            // Up shows the first stimulus when none was yet; Right the next one.
            let name = current < 0 && configuration.allowRepeatedStimulusDisplay ? "UP" : "RIGHT"
            let holdsToView = configuration.holdKeyToShowStimulus && configuration.allowRepeatedStimulusDisplay
            let pressed = time.adding(milliseconds: drawing.gap.drawMilliseconds(&generator))
            let held = holdsToView ? Double(configuration.stimulusDelayMilliseconds) + drawing.view.drawMilliseconds(&generator) : Self.keyMilliseconds
            pending.add(InputEvent(time: pressed, .keyPress(name)))
            pending.add(InputEvent(time: pressed.adding(milliseconds: held), .keyRelease(name)))
            return
        }
        let end = time.adding(milliseconds: drawing.gap.drawMilliseconds(&generator))
        if configuration.onScreenControls {
            tap(.endTrial, at: end, holdingMilliseconds: Double(configuration.endHoldMilliseconds) + Self.endHoldBeyondMilliseconds)
        } else {
            key("ESCAPE", at: end)
        }
    }

    /// Stroke `index` of the strokes on one image: the shapes stand side by side across the pad.
    private func draw(stroke index: Int, at start: MonotonicTime) {
        let layout = block.layout
        let width = Double(layout.padWidth), height = Double(layout.padHeight)
        let slot = width / Double(drawing.strokes)
        let size = min(drawing.sizePx, 0.8 * slot, 0.8 * height)
        let centre = (x: slot * (Double(index) + 0.5), y: height / 2)
        for input in SimulatedPenStroke.inputs(drawing, centre: centre, sizePx: size, start: start,
                                               canvasPoint: { Point(layout.pad.left + $0.x, layout.pad.top - $0.y) }, generator: &generator) {
            pending.add(input)
        }
    }

    private func key(_ name: String, at time: MonotonicTime) {
        pending.add(InputEvent(time: time, .keyPress(name)))
        pending.add(InputEvent(time: time.adding(milliseconds: Self.keyMilliseconds), .keyRelease(name)))
    }

    /// A tap with the pen on the screen's button of `role`, held `holdingMilliseconds`.
    private func tap(_ role: PadButton.Role, at time: MonotonicTime, holdingMilliseconds: Double = tapMilliseconds) {
        guard let button = block.buttons.first(where: { $0.role == role }) else { return }
        let point = Point(button.box.centerX, button.box.centerY).asPointerReportsIt
        pending.add(InputEvent(time: time, .pointerDown(point, SimulatedPenStroke.pen), pointerSample: PointerSample(inContact: true, pressure: drawing.pressureMean)))
        pending.add(InputEvent(time: time.adding(milliseconds: holdingMilliseconds), .pointerUp(point, SimulatedPenStroke.pen),
                               pointerSample: PointerSample(inContact: false, pressure: 0)))
    }
}
