import CSDL2
import KioskCore

/// Runs a block to its end on the one loop every block shares, in a window (real 60 Hz
/// frames, SDL input and drawing) or headless (virtual frames, nothing drawn, and whatever
/// waits for a participant dismissed). Only the frame clock and the window differ.
public enum BlockRunner {
    /// Makes the block's host, opens the window unless headless, and runs until the block
    /// ends, the operator quits, or `stopAfter` passes.
    /// - Parameter makeHost: Builds the host: opens its data files and devices, so that
    ///   nothing starts, and no window opens, when one of them fails.
    public static func run(
        options: RunOptions, headless: Bool, makeHost: (RunContext) throws -> any BlockHost
    ) throws -> RunSummary {
        let sequence = try runSequence(options: options, headless: headless, count: 1, images: nil, makeHost: { _, context in try makeHost(context) })
        return sequence.summaries[0]
    }

    /// Runs blocks one after another in one window (a batch): the window opens once, the
    /// frame clock runs on, and each block's host is made only when its turn comes, so its
    /// files are created then. Stops early when the operator quits (the window is closed).
    /// - Parameters:
    ///   - images: every image any of the blocks may draw, for the window; nil takes the
    ///     first host's.
    ///   - makeHost: builds the host of block `index`.
    ///   - blockEnded: hears of each block's end as it happens.
    /// - Returns: each block's summary, and whether the run was left early: by the operator
    ///   closing the window, or in kiosk mode by staff with the exit chord or PIN (`byStaff`).
    public static func runSequence(
        options: RunOptions, headless: Bool, count: Int, images: [String: String]?,
        makeHost: (Int, RunContext) throws -> any BlockHost, blockEnded: (Int, RunSummary) -> Void = { _, _ in }
    ) throws -> (summaries: [RunSummary], quit: Bool, byStaff: Bool) {
        let launched = options.commandStarted ?? MonotonicClock.now()
        if !headless {
            // glibc gives each thread that allocates (log writer, prompt audio) its own malloc
            // arena; for the few kilobytes they use that costs about 6 MB of resident memory.
            // One arena keeps a session within its 40 MB budget. Set before any thread starts.
            _ = CSDL_LimitMallocArenas(1)
        }
        let context = RunContext(headless: headless, blockSpeed: options.blockSpeed(headless: headless))
        var summaries: [RunSummary] = []
        var quit = false
        var staffExit = options.kiosk ? options.staffExit : nil
        let first = try makeHost(0, context)
        for note in first.notes { print("labkiosk: \(note)") }
        guard !headless else {
            var clock = VirtualFrameClock(start: launched, speed: options.speed)
            var host = first
            for index in 0..<count {
                if index > 0 {
                    host = try makeHost(index, context)
                    for note in host.notes { print("labkiosk: \(note)") }
                }
                let started = MonotonicClock.now()
                let frames = clock.frameCount
                quit = try loop(host, clock: &clock, screen: nil, stopAfter: options.stopAfter, staffExit: &staffExit).quit
                summaries.append(try summary(host, frames: clock.frameCount - frames, launched: started))
                blockEnded(index, summaries[index])
                if quit { break }
            }
            return (summaries, quit, false)
        }
        let screen = try WindowedScreen(options: options, images: images ?? first.images)
        var clock = PacedFrameClock()
        var host = first
        var firstFrame: MonotonicTime?
        var previousEnd: MonotonicTime?
        // From the end of one block to the first frame of the next (scripts/bench).
        var changes: [Int64] = []
        for index in 0..<count {
            if index > 0 {
                host = try makeHost(index, context)
                for note in host.notes { print("labkiosk: \(note)") }
            }
            let started = MonotonicClock.now()
            let frames = clock.frameCount
            let ran = try loop(host, clock: &clock, screen: screen, stopAfter: options.stopAfter, staffExit: &staffExit)
            firstFrame = firstFrame ?? ran.firstFrame
            if let previousEnd { changes.append(ran.firstFrame.since(previousEnd)) }
            quit = ran.quit
            summaries.append(try summary(host, frames: clock.frameCount - frames, launched: started))
            blockEnded(index, summaries[index])
            previousEnd = MonotonicClock.now()
            if quit { break }
        }
        let wallSeconds = Double(MonotonicClock.now().since(launched)) / 1e9
        screen.report(clock.pacer.statistics, firstFrameMilliseconds: Double((firstFrame ?? launched).since(launched)) / 1e6, wallSeconds: wallSeconds)
        if options.reportFrameStatistics, let longest = changes.max() {
            print(String(cFormat: "block changes: %d, end of a block to the next one's first frame: longest %.1f ms, mean %.1f ms",
                         changes.count, Double(longest) / 1e6, Double(changes.reduce(0, +)) / Double(changes.count) / 1e6))
        }
        return (summaries, quit, quit && options.kiosk)
    }

    /// The frame loop: inputs, advance, output, present. Returns the first frame's time, and
    /// whether the operator quit: closed the window, or, in kiosk mode (`staffExit` given,
    /// where closing is ignored), used the exit chord or PIN.
    private static func loop(
        _ host: any BlockHost, clock: inout some FrameClock, screen: WindowedScreen?, stopAfter: Double?, staffExit: inout StaffExit?
    ) throws -> (firstFrame: MonotonicTime, quit: Bool) {
        let block = host.block
        var inputs: [InputEvent] = []
        var firstFrame: MonotonicTime?
        var lastFrame: MonotonicTime?
        var quit = false
        while !block.isFinished {
            if screen == nil, let lastFrame, block.isWaitingForParticipant {
                block.dismissWaitingScreen(at: lastFrame)
            }
            let now = clock.nextFrame()
            lastFrame = now
            inputs.removeAll(keepingCapacity: true)
            screen?.collectInputs(into: &inputs, canvas: block.canvas)
            if staffExit != nil {
                // Kiosk mode: the window's close button and Alt+F4 do nothing; staff's exit
                // reaches the block as a close would, so it ends the same way.
                inputs.removeAll { $0.payload == .quitRequested }
                if inputs.contains(where: { staffExit?.observe($0) == true }) { inputs.append(InputEvent(time: now, .quitRequested)) }
            }
            if inputs.contains(where: { $0.payload == .quitRequested }) { quit = true }
            if firstFrame == nil {
                firstFrame = now
                host.begin(at: now)
            }
            let elapsed = Double(now.since(firstFrame ?? now)) / 1e9
            if let stopAfter, elapsed >= stopAfter {
                block.end(at: now)
            } else {
                block.advance(to: now, inputs: inputs)
            }
            screen?.inputsDelivered(inputs)
            try host.endFrame(at: now)
            if let screen {
                try screen.present(block, secondsSinceFirstFrame: elapsed)
                try host.framePresented(at: MonotonicClock.now())
            }
        }
        return (firstFrame ?? MonotonicClock.now(), quit)
    }

    private static func summary(_ host: any BlockHost, frames: Int, launched: MonotonicTime) throws -> RunSummary {
        let record = try host.finish()
        return RunSummary(block: record, blockSeconds: host.block.elapsedSeconds,
                          wallSeconds: Double(MonotonicClock.now().since(launched)) / 1e9, frames: frames)
    }
}

/// What a finished run reports to the terminal.
public struct RunSummary: Sendable {
    /// Where the block's data went.
    public var block: BlockRecord
    /// How far the block's clock ran.
    public var blockSeconds: Double
    public var wallSeconds: Double
    public var frames: Int
}
