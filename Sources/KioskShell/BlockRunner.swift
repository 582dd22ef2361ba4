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
        let launched = MonotonicClock.now()
        if !headless {
            // glibc gives each thread that allocates (log writer, prompt audio) its own malloc
            // arena; for the few kilobytes they use that costs about 6 MB of resident memory.
            // One arena keeps a session within its 40 MB budget. Set before any thread starts.
            _ = CSDL_LimitMallocArenas(1)
        }
        let host = try makeHost(RunContext(headless: headless, blockSpeed: options.blockSpeed(headless: headless)))
        for note in host.notes { print("labkiosk: \(note)") }
        guard !headless else {
            var clock = VirtualFrameClock(start: launched, speed: options.speed)
            try loop(host, clock: &clock, screen: nil, stopAfter: options.stopAfter)
            return try summary(host, frames: clock.frameCount, launched: launched)
        }
        let screen = try WindowedScreen(options: options, images: host.images)
        var clock = PacedFrameClock()
        let firstFrame = try loop(host, clock: &clock, screen: screen, stopAfter: options.stopAfter)
        let wallSeconds = Double(MonotonicClock.now().since(launched)) / 1e9
        let result = try summary(host, frames: clock.frameCount, launched: launched)
        screen.report(clock.pacer.statistics, firstFrameMilliseconds: Double(firstFrame.since(launched)) / 1e6, wallSeconds: wallSeconds)
        return result
    }

    /// The frame loop: inputs, advance, output, present. Returns the first frame's time.
    @discardableResult
    private static func loop(
        _ host: any BlockHost, clock: inout some FrameClock, screen: WindowedScreen?, stopAfter: Double?
    ) throws -> MonotonicTime {
        let block = host.block
        var inputs: [InputEvent] = []
        var firstFrame: MonotonicTime?
        var lastFrame: MonotonicTime?
        while !block.isFinished {
            if screen == nil, let lastFrame, block.isWaitingForParticipant {
                block.dismissWaitingScreen(at: lastFrame)
            }
            let now = clock.nextFrame()
            lastFrame = now
            inputs.removeAll(keepingCapacity: true)
            screen?.collectInputs(into: &inputs, canvas: block.canvas)
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
        return firstFrame ?? MonotonicClock.now()
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
