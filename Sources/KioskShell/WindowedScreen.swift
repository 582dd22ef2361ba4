import CSDL2
import Glibc
import KioskCore

/// The window side of a run: the window and its renderer, the event pump and joystick that
/// make inputs, the pointer shown only where it is needed, the screenshot and the figures
/// `--frame-stats` and `--input-stats` print.
final class WindowedScreen {
    private let options: RunOptions
    private let window: Window
    private let images: ImageStore
    private let renderer: FrameRenderer
    private let joystick: JoystickInput
    private let pump: EventPump
    private var latency = InputLatencyStatistics()
    private var cursorVisible = false
    private var screenshotDue: Double?

    /// Opens the window, the renderer with the images the block may draw, and the joystick.
    init(options: RunOptions, images imagePaths: [String: String]) throws {
        self.options = options
        window = try Window(options.window)
        for warning in window.warnings { print("labkiosk: \(warning)") }
        // The system pointer is hidden while a block runs: a touchscreen kiosk needs none, and
        // the on-screen stick draws its own knob. It shows only where buttons wait for it.
        window.setCursorVisible(false)
        images = try ImageStore(paths: imagePaths)
        renderer = try FrameRenderer(window: window, fonts: .dejaVu, background: .background, images: images)
        joystick = try JoystickInput(options.joystick)
        pump = EventPump(window: window, joysticks: joystick.sdl)
        screenshotDue = options.screenshotAt
    }

    /// Appends the inputs that arrived since the last frame, pointer positions on `canvas`.
    func collectInputs(into inputs: inout [InputEvent], canvas: Canvas) {
        renderer.windowDidChange(pump.poll(into: &inputs, canvas: canvas))
        let readStart = MonotonicClock.now()
        joystick.poll(into: &inputs)
        if options.reportInputStatistics { latency.recordRead(nanoseconds: MonotonicClock.now().since(readStart)) }
        joystick.reportMessages()
    }

    /// Notes that the block has taken `inputs` into its state.
    func inputsDelivered(_ inputs: [InputEvent]) {
        if options.reportInputStatistics { latency.recordDelivered(inputs, stateTime: MonotonicClock.now()) }
    }

    /// Shows the block's frame, with the pointer where it waits for one, and saves the
    /// screenshot once its time has come.
    func present(_ block: any Block, secondsSinceFirstFrame: Double) throws {
        // Touches and clicks reach the block (and the on-screen stick) either way.
        if block.wantsPointer != cursorVisible {
            cursorVisible = block.wantsPointer
            window.setCursorVisible(cursorVisible)
        }
        _ = try renderer.render(block.drawList())
        for problem in images.takeProblems() { print("labkiosk: \(problem)") }
        if options.reportInputStatistics { latency.recordPresented(at: MonotonicClock.now()) }
        if let due = screenshotDue, secondsSinceFirstFrame >= due, let path = options.screenshotPath {
            try Screenshot.savePNG(of: window, to: path)
            screenshotDue = nil
        }
    }

    /// Prints the figures scripts/bench reads: pacing, this process's CPU and peak memory, and
    /// how the text cache fared (re-renders cost CPU, kept textures cost memory); then joystick
    /// latency when asked.
    func report(_ statistics: FrameStatistics, firstFrameMilliseconds: Double, wallSeconds: Double) {
        if options.reportFrameStatistics {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            let cpuSeconds = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
                + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
            print("frames: \(statistics)")
            print("first frame: \(Int(firstFrameMilliseconds.rounded())) ms after launch")
            let share = wallSeconds > 0 ? 100 * cpuSeconds / wallSeconds : 0
            print(String(cFormat: "process: %.1f %% of one core (%.2f s CPU over %.1f s), peak RSS %.1f MB",
                         share, cpuSeconds, wallSeconds, Double(usage.ru_maxrss) / 1024))
            let textCache = renderer.textCache
            let keptMegabytes = Double(textCache.bytesInUse) / 1048576, budgetMegabytes = Double(textCache.budgetBytes) / 1048576
            print(String(cFormat: "text cache: %ld strings rendered, %ld kept in %.2f MB (budget %.2f MB)",
                         textCache.renderCount, textCache.entryCount, keptMegabytes, budgetMegabytes))
        }
        if options.reportInputStatistics { print(latency) }
    }
}
