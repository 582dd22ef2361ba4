import CSDL2
import KioskCore
import KioskData

/// Runs a block to its end on the one loop every block shares, in a window (real 60 Hz
/// frames, SDL input and drawing) or headless (virtual frames, nothing drawn, and whatever
/// waits for a participant dismissed). Only the frame clock and the window differ.
public enum BlockRunner {
    /// Opens the window unless headless, makes the block's host, and runs until the block
    /// ends, the operator quits, or `stopAfter` passes.
    /// - Parameters:
    ///   - images: every image the block may draw, loaded when the window opens.
    ///   - makeHost: Builds the host: opens its data files and devices. It is called once the
    ///     window, its images and the joystick are open, so a window that cannot open leaves
    ///     no data file and takes no run number.
    public static func run(
        options: RunOptions, headless: Bool, images: [String: String], makeHost: (RunContext) throws -> any BlockHost
    ) throws -> RunSummary {
        let sequence = try runSequence(options: options, headless: headless, count: 1, images: images, makeHost: { _, context in try makeHost(context) })
        return sequence.summaries[0]
    }

    /// Runs blocks one after another in one window (a batch): the window opens once, the
    /// frame clock runs on, and each block's host is made only when its turn comes, so its
    /// files are created then. Stops early when the operator quits (the window is closed).
    /// In kiosk mode the staff panel (``StaffPanel``) is drawn over every block when opened.
    /// - Parameters:
    ///   - images: every image any of the blocks may draw, loaded when the window opens,
    ///     before the first host is made.
    ///   - makeHost: builds the host of block `index`, or nil when it has nothing to run (a
    ///     block staff skipped from the screen before it); the first must have a host.
    ///   - blockEnded: hears of each block's end as it happens, and says which step comes next.
    ///   - simulatedParticipant: makes the simulated participant (docs/simulate.md) of step
    ///     `index`'s block, who makes the inputs a person would, through the same path: headless,
    ///     or in a window through `simulatedDevices`.
    ///   - simulatedDevices: in a window (`--real-input`), the devices the simulated
    ///     participant's inputs are made on, read as a person's devices are.
    ///   - displayProblem: hears of each frame the display showed late while step `index`'s
    ///     block ran (from its first frame on), with the refreshes missed, as it is found.
    /// - Returns: each block's summary, and why the run stopped early, if it did.
    public static func runSequence(
        options: RunOptions, headless: Bool, count: Int, images: [String: String],
        makeHost: (Int, RunContext) throws -> (any BlockHost)?, blockEnded: (Int, RunSummary) -> SequenceStep = { _, _ in .next },
        simulatedParticipant: ((Int, any Block) -> (any SimulatedParticipant)?)? = nil,
        simulatedDevices: SimulatedInputDevices? = nil,
        displayProblem: (Int, LateFrame) -> Void = { _, _ in }
    ) throws -> (summaries: [RunSummary], stopped: EarlyStop?) {
        precondition(simulatedParticipant == nil || headless != (simulatedDevices != nil),
                     "a simulated participant runs headless, or in a window through its device")
        let launched = options.commandStarted ?? MonotonicClock.now()
        if let problem = DataFolder.problem(options.dataDirectory) { throw ShellError(problem + "; nothing was started") }
        TerminationSignal.install()
        if !headless {
            // glibc gives each thread that allocates (log writer, prompt audio) its own malloc
            // arena; for the few kilobytes they use that costs about 6 MB of resident memory.
            // One arena keeps a session within its 40 MB budget. Set before any thread starts.
            _ = CSDL_LimitMallocArenas(1)
        }
        let screen = headless ? nil : try WindowedScreen(options: options, images: images)
        // The display's own reports pace the loop and stamp onsets where it gives them; elsewhere
        // the 60 Hz timer does, and the run says so before anything starts.
        var displayReports: (any PresentationReports)?
        // Wayland's reports live on the window's own connection: they go before the window
        // does, however the run ends (optimised code may end a local's life at its last use).
        defer {
            displayReports = nil
            withExtendedLifetime(screen) {}
        }
        if let screen {
            do {
                let reports = try screen.displayReports()
                print("labkiosk: onset clock: \(OnsetClock.displayPresented.logName) (\(reports.description); "
                      + "one frame per refresh, each onset the refresh that showed it)")
                displayReports = reports
            } catch {
                print("labkiosk: onset clock: \(OnsetClock.softwareTimer.logName) (\(error); frames are paced by a 60 Hz timer and "
                      + "an onset is when the window system took the frame, not when it was shown)")
            }
        }
        let onsetClock: OnsetClock = headless ? .virtualFrames : displayReports == nil ? .softwareTimer : .displayPresented
        let context = RunContext(headless: headless, blockSpeed: options.blockSpeed(headless: headless), onsetClock: onsetClock,
                                 displayPath: displayReports?.displayPath)
        guard let first = try makeHost(0, context) else { throw ShellError.invalidArgument("a run starts with a block to run") }
        for note in first.notes { print("labkiosk: \(note)") }
        var staffPanel = options.kiosk ? StaffPanel(exit: options.staffExit) : nil
        var summaries: [RunSummary] = []
        var stopped: EarlyStop?
        var firstFrame: MonotonicTime?
        var previousEnd: MonotonicTime?
        // From the end of one block to the first frame of the next (scripts/bench).
        var changes: [Int64] = []
        func runSteps(_ clock: inout some FrameClock) throws {
            var index = 0
            var isFirst = true
            while index < count {
                defer { isFirst = false }
                guard let host = isFirst ? first : try makeHost(index, context) else {
                    index += 1
                    continue
                }
                if !isFirst { for note in host.notes { print("labkiosk: \(note)") } }
                let started = MonotonicClock.now()
                let frames = clock.frameCount
                let participant = simulatedParticipant?(index, host.block)
                let ran = try loop(host, clock: &clock, screen: screen, stopAfter: options.stopAfter, staffPanel: &staffPanel,
                                   simulating: simulatedParticipant != nil, participant: participant, devices: simulatedDevices,
                                   displayProblem: { displayProblem(index, $0) })
                firstFrame = firstFrame ?? ran.firstFrame
                if screen != nil, let previousEnd { changes.append(ran.firstFrame.since(previousEnd)) }
                stopped = ran.stopped
                var ended = try summary(host, frames: clock.frameCount - frames, launched: started)
                ended.skippedByStaff = ran.skipped
                ended.cutShort = ran.stopped != nil
                if screen != nil {
                    ended.block.figures += displayFigures(clock.onsetClock, from: ran.displayAtStart, to: clock.presentationAccount)
                }
                summaries.append(ended)
                let next = blockEnded(index, ended)
                previousEnd = MonotonicClock.now()
                if stopped != nil { break }
                switch next {
                case .next: index += 1
                case .step(let step): index = step
                case .finish: return
                }
            }
        }
        guard let screen else {
            var clock = VirtualFrameClock(start: launched, speed: options.speed)
            try runSteps(&clock)
            return (summaries, stopped)
        }
        let statistics: FrameStatistics, display: PresentationAccount?
        if let displayReports {
            var clock = PresentedFrameClock(reports: displayReports)
            try runSteps(&clock)
            (statistics, display) = (clock.frameStatistics, clock.account)
        } else {
            var clock = PacedFrameClock()
            try runSteps(&clock)
            (statistics, display) = (clock.frameStatistics, nil)
        }
        let wallSeconds = Double(MonotonicClock.now().since(launched)) / 1e9
        screen.report(statistics, display: display, firstFrameMilliseconds: Double((firstFrame ?? launched).since(launched)) / 1e6,
                      wallSeconds: wallSeconds)
        if options.reportFrameStatistics, let longest = changes.max() {
            print(String(cFormat: "block changes: %d, end of a block to the next one's first frame: longest %.1f ms, mean %.1f ms",
                         changes.count, Double(longest) / 1e6, Double(changes.reduce(0, +)) / Double(changes.count) / 1e6))
        }
        return (summaries, stopped)
    }

    /// The frame loop: inputs, advance, output, present. Returns the first frame's time,
    /// why the run stops here, if it does, whether staff skipped the block, and the display's
    /// account as the block's first frame began: the refreshes a block change took (its files
    /// opened between two frames) passed before the block began and are not its own.
    private static func loop(
        _ host: any BlockHost, clock: inout some FrameClock, screen: WindowedScreen?, stopAfter: Double?, staffPanel: inout StaffPanel?,
        simulating: Bool, participant: (any SimulatedParticipant)?, devices: SimulatedInputDevices?, displayProblem: (LateFrame) -> Void
    ) throws -> (firstFrame: MonotonicTime, stopped: EarlyStop?, skipped: Bool, displayAtStart: PresentationAccount?) {
        let block = host.block
        var inputs: [InputEvent] = []
        var firstFrame: MonotonicTime?
        var lastFrame: MonotonicTime?
        var stopped: EarlyStop?
        var skipped = false
        // Only this block's frames are reported to its host: the frame before its first was
        // another block's.
        var sentFrames = false
        func deliverPresentation(_ presentation: PresentationRecord?) throws {
            guard sentFrames, let presentation else { return }
            try host.framePresented(presentation)
        }
        var displayAtStart: PresentationAccount?
        func announceLateFrames() {
            for late in clock.takeLateFrames() {
                print("labkiosk: display: \(late.logText)")
                if firstFrame != nil { displayProblem(late) }
            }
        }
        while !block.isFinished {
            // Headless, or a simulated participant's run in a window: nobody else is there to go on.
            if screen == nil || simulating, let lastFrame, block.isWaitingForParticipant, participant?.answersWaitingScreens != true {
                block.dismissWaitingScreen(at: lastFrame)
            }
            let now = clock.nextFrame()
            lastFrame = now
            announceLateFrames()
            try deliverPresentation(clock.takePresentation())
            inputs.removeAll(keepingCapacity: true)
            // A joystick connected while an earlier block ran is this block's stick too.
            if firstFrame == nil, let screen { inputs += screen.joysticksConnectedBefore(now) }
            screen?.collectInputs(into: &inputs, canvas: block.canvas)
            if let participant, firstFrame != nil {
                if let devices, let screen {
                    // In real time: every input decided goes to its device, which makes it when
                    // its time comes; it comes back as a person's does, through labkiosk's readers.
                    let canvas = block.canvas
                    for input in participant.inputsDecided(lookingAt: now) {
                        devices.make(input) { screen.devicePoint(of: $0, canvas: canvas) }
                    }
                } else {
                    // A simulated participant's inputs carry block times already, as a window's do.
                    inputs += participant.inputs(through: now)
                }
            }
            let fromWindow = inputs.count
            host.collectInputs(into: &inputs)
            // The host's devices stamp their inputs on the monotonic clock, which a virtual clock
            // at a --speed other than 1 does not keep.
            for index in fromWindow..<inputs.count { inputs[index].time = clock.frameTime(ofMonotonic: inputs[index].time) }
            if inputs.contains(where: { $0.payload == .quitRequested }) { stopped = .windowClosed }
            if staffPanel != nil {
                // Kiosk mode: the window's close button and Alt+F4 do nothing; leaving from the
                // staff panel reaches the block as a close would, so it ends the same way.
                inputs.removeAll { $0.payload == .quitRequested }
                stopped = nil
                switch staffPanel?.take(&inputs, canvas: block.canvas, at: now) {
                case .leave?:
                    stopped = .staff
                    inputs.append(InputEvent(time: now, .quitRequested))
                case .skipBlock?: skipped = true
                case nil: break
                }
            }
            if stopped == nil, let signal = TerminationSignal.receivedSignal {
                stopped = .signal(signal)
                inputs.append(InputEvent(time: now, .quitRequested))
            }
            if firstFrame == nil {
                firstFrame = now
                displayAtStart = clock.presentationAccount
                host.begin(at: now)
            }
            let elapsed = Double(now.since(firstFrame ?? now)) / 1e9
            if skipped {
                block.end(at: now)
            } else if let stopAfter, elapsed >= stopAfter, let firstFrame {
                // The block runs on to the instant asked for and is quit there, as an operator
                // quits (so a re-run from its log ends it the same way): ending it at this frame
                // without advancing would stop it up to a frame short.
                let stop = MonotonicTime(nanoseconds: firstFrame.nanoseconds + Int64((stopAfter * 1e9).rounded()))
                block.advance(to: stop, inputs: inputs + [InputEvent(time: stop, .quitRequested)])
                if !block.isFinished { block.end(at: stop) }
            } else {
                block.advance(to: now, inputs: inputs)
            }
            screen?.inputsDelivered(inputs)
            try host.endFrame(at: now)
            if let screen {
                clock.frameWillBeSent()
                try screen.present(block, overlay: staffPanel, secondsSinceFirstFrame: elapsed)
                clock.frameSent(at: MonotonicClock.now())
                sentFrames = true
                try deliverPresentation(clock.takePresentation())
            }
        }
        if screen != nil {
            try deliverPresentation(clock.awaitPresentation())
            announceLateFrames()
        }
        return (firstFrame ?? MonotonicClock.now(), stopped, skipped, displayAtStart)
    }

    /// A windowed block's figures about its display: which clock stamped its onsets and, where
    /// the display reported presentation, the frames it showed late and the refreshes missed
    /// while the block ran (`before` and `after` are the run's account around it).
    private static func displayFigures(_ clock: OnsetClock, from before: PresentationAccount?, to after: PresentationAccount?)
        -> [(name: String, value: String)]
    {
        var figures = [(name: "onset clock", value: clock.logName)]
        if let before, let after {
            figures.append(("late frames", String(after.lateFrameCount - before.lateFrameCount)))
            figures.append(("missed refreshes", String(after.missedRefreshCount - before.missedRefreshCount)))
            figures.append(("unreported frames", String(after.unreportedCount - before.unreportedCount)))
            figures.append(("uncertain frames", String(after.uncertainRefreshCount - before.uncertainRefreshCount)))
        }
        return figures
    }

    private static func summary(_ host: any BlockHost, frames: Int, launched: MonotonicTime) throws -> RunSummary {
        let record = try host.finish()
        return RunSummary(block: record, blockSeconds: host.block.elapsedSeconds,
                          wallSeconds: Double(MonotonicClock.now().since(launched)) / 1e9, frames: frames)
    }
}

/// What a finished run reports to the terminal.
/// Where a sequence goes after a step ends.
public enum SequenceStep: Sendable {
    /// The following step.
    case next
    /// Step `n` (0-based): a block run again from the screen before it.
    case step(Int)
    /// No further step: the sequence ends here (a participant who declined consent).
    case finish
}

public struct RunSummary: Sendable {
    /// Where the block's data went.
    public var block: BlockRecord
    /// How far the block's clock ran.
    public var blockSeconds: Double
    public var wallSeconds: Double
    public var frames: Int
    /// Staff skipped the block from the kiosk's staff panel.
    public var skippedByStaff = false
    /// The run stopped during this step (window closed, staff exit, SIGTERM): the block did
    /// not end by itself, so it is not complete.
    public var cutShort = false
}
