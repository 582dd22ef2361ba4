import CSDL2
import Glibc
import KioskCore
import KioskData

/// The window side of a run: the window and its renderer, the event pump and joystick that
/// make inputs, the pointer shown only where it is needed, the screenshot and the figures
/// `--frame-stats` and `--input-stats` print.
final class WindowedScreen {
    private let options: RunOptions
    private let window: Window
    private let images: ImageStore
    private let renderer: FrameRenderer
    private let joystick: JoystickInput
    /// The joysticks connected so far, told again to each block as it starts.
    private var connectedJoysticks = ConnectedJoysticks()
    /// Pens and touchscreens read from evdev, when the run asks for them.
    private let pointers: EvdevPointerSource?
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
        if case .evdev(let directory, let udevRule) = options.pointerInput {
            pointers = EvdevPointerSource(directory: directory, udevRule: udevRule)
        } else {
            pointers = nil
        }
        pump = EventPump(window: window, joysticks: joystick.sdl)
        screenshotDue = options.screenshotAt
    }

    /// Appends the inputs that arrived since the last frame, pointer positions on `canvas`;
    /// returns what happened to the window.
    @discardableResult
    func collectInputs(into inputs: inout [InputEvent], canvas: Canvas) -> WindowChange {
        let fromSDL = inputs.count
        let change = pump.poll(into: &inputs, canvas: canvas)
        renderer.windowDidChange(change)
        if let pointers { collectPointers(pointers, into: &inputs, sdlEventsFrom: fromSDL, canvas: canvas) }
        let readStart = MonotonicClock.now()
        joystick.poll(into: &inputs)
        if options.reportInputStatistics { latency.recordRead(nanoseconds: MonotonicClock.now().since(readStart)) }
        joystick.reportMessages()
        connectedJoysticks.note(inputs[fromSDL...])
        return change
    }

    /// What a block starting at `time` is told of the joysticks connected before it (each
    /// connected, and where the stick is): a block hears of a joystick only from its notice,
    /// which an earlier block of the run may have taken.
    func joysticksConnectedBefore(_ time: MonotonicTime) -> [InputEvent] {
        connectedJoysticks.announcement(at: time)
    }

    /// The display system's reports of when frames were shown: X11 Present, or Wayland's
    /// presentation-time.
    /// - Throws: why there are none (cage 0.1.4 offers no presentation-time; the dummy driver).
    func displayReports() throws -> any PresentationReports {
        do {
            let present = try X11Present(sdlWindow: window.handle)
            renderer.willCopyPixels = { [weak present] in present?.pixelsWillBeCopied() }
            return present
        } catch let notX11 as X11Present.Unavailable where notX11.description == X11Present.notX11 {
            let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
            guard driver == "wayland" else {
                throw X11Present.Unavailable(description: "the window is neither an X11 nor a Wayland window (SDL video driver \(driver))")
            }
            return try WaylandPresentation(sdlWindow: window.handle)
        }
    }

    /// Sleeps until an event arrives or `deadline` passes (forever without one): a screen that
    /// changes only when touched (the desk) costs no CPU while it waits.
    func waitForEvents(until deadline: MonotonicTime?) {
        guard let deadline else {
            _ = SDL_WaitEvent(nil)
            return
        }
        let milliseconds = max(0, (deadline.since(MonotonicClock.now()) + 999_999) / 1_000_000)
        _ = SDL_WaitEventTimeout(nil, Int32(min(milliseconds, 3_600_000)))
    }

    /// Shows a draw list that is not a block's (the desk), with the pointer when asked.
    func present(_ list: DrawList, wantsPointer: Bool) throws {
        let showPointer = wantsPointer && !(options.kiosk && SDL_GetNumTouchDevices() > 0)
        if showPointer != cursorVisible {
            cursorVisible = showPointer
            window.setCursorVisible(cursorVisible)
        }
        _ = try renderer.render(list)
    }

    /// Hides the window while another process's window (a batch the desk started) is shown,
    /// and shows it again, dropping whatever was typed or tapped meanwhile.
    func setHidden(_ hidden: Bool) {
        window.setHidden(hidden)
        if !hidden { SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) }
    }

    /// Appends the pens' and touchscreens' reports, and leaves out SDL's reports of the same
    /// contacts: its touches whenever a device is read, its mouse while a pen is in range or a
    /// screen touched (X makes pointer motion of both).
    private func collectPointers(_ pointers: EvdevPointerSource, into inputs: inout [InputEvent], sdlEventsFrom start: Int, canvas: Canvas) {
        let before = pointers.suppressesSDLPointer
        let place = devicePlacement(canvas: canvas)
        let fromEvdev = inputs.count
        pointers.poll(into: &inputs, place: place)
        let after = pointers.suppressesSDLPointer
        let (touch, mouse) = (before.touch || after.touch, before.mouse || after.mouse)
        if touch || mouse {
            let kept = inputs[start..<fromEvdev].filter { input in
                switch input.payload.pointer?.tool {
                case .finger: !touch
                case .mouse: !mouse
                default: true
                }
            }
            inputs.replaceSubrange(start..<fromEvdev, with: kept)
        }
        for message in pointers.takeMessages() { StandardStream.error.write("labkiosk: \(message)\n") }
    }

    /// Where a point of a pen or touchscreen (0…1 across it, y down) lands on the canvas: the
    /// device covers the display the window is on.
    private func devicePlacement(canvas: Canvas) -> (Double, Double) -> Point {
        let (display, windowX, windowY, transform) = deviceGeometry(canvas: canvas)
        return { x, y in
            EventPump.quantized(transform.referencePoint(windowX: Double(display.x) + x * Double(display.w) - Double(windowX),
                                                         windowY: Double(display.y) + y * Double(display.h) - Double(windowY)))
        }
    }

    /// Where a point of the canvas lies on a pen or touchscreen covering the display the window
    /// is on (0…1 across it, y down): where a finger touches to touch that point.
    func devicePoint(of point: Point, canvas: Canvas) -> (x: Double, y: Double) {
        let (display, windowX, windowY, transform) = deviceGeometry(canvas: canvas)
        return ((transform.pixelX(point.x) + Double(windowX) - Double(display.x)) / Double(display.w),
                (transform.pixelY(point.y) + Double(windowY) - Double(display.y)) / Double(display.h))
    }

    /// The display the window is on, the window's place on it, and the canvas in the window.
    private func deviceGeometry(canvas: Canvas) -> (display: SDL_Rect, windowX: Int32, windowY: Int32, transform: ReferenceTransform) {
        var display = SDL_Rect()
        let index = SDL_GetWindowDisplayIndex(window.handle)
        if index < 0 || SDL_GetDisplayBounds(index, &display) != 0 { display = SDL_Rect(x: 0, y: 0, w: 1920, h: 1080) }
        var windowX: Int32 = 0, windowY: Int32 = 0
        SDL_GetWindowPosition(window.handle, &windowX, &windowY)
        let size = window.size
        return (display, windowX, windowY, ReferenceTransform(pixelWidth: max(size.width, 1), pixelHeight: max(size.height, 1), canvas: canvas))
    }

    /// Notes that the block has taken `inputs` into its state.
    func inputsDelivered(_ inputs: [InputEvent]) {
        if options.reportInputStatistics { latency.recordDelivered(inputs, stateTime: MonotonicClock.now()) }
    }

    /// Shows the block's frame, with the staff panel over it when open and the pointer where
    /// it waits for one, and saves the screenshot once its time has come.
    func present(_ block: any Block, overlay: StaffPanel?, secondsSinceFirstFrame: Double) throws {
        // Touches and clicks reach the block (and the on-screen stick) either way. A kiosk with
        // a touchscreen never shows the pointer: its participants have no mouse to follow.
        let panelOpen = overlay?.isOpen == true
        let wantsPointer = (block.wantsPointer || panelOpen) && !(options.kiosk && SDL_GetNumTouchDevices() > 0)
        if wantsPointer != cursorVisible {
            cursorVisible = wantsPointer
            window.setCursorVisible(cursorVisible)
        }
        if panelOpen, let overlay {
            var list = block.drawList()
            overlay.draw(into: &list)
            _ = try renderer.render(list)
        } else {
            _ = try renderer.render(block.drawList())
        }
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
    func report(_ statistics: FrameStatistics, display: PresentationAccount?, firstFrameMilliseconds: Double, wallSeconds: Double) {
        if options.reportFrameStatistics {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            let cpuSeconds = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
                + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
            // With the display's reports, the intervals are between the refreshes that showed
            // consecutive frames, against the refresh period measured; without, between the
            // timer's frames (docs/timing.md).
            print("frames: \(statistics)")
            if let display {
                print(String(cFormat: "display: refresh %.4f ms measured, %ld frames reported, %ld late, %ld refreshes missed, %ld unreported, "
                             + "%ld uncertain", Double(display.schedule.refreshNanoseconds) / 1e6, display.presentedCount,
                             display.lateFrameCount, display.missedRefreshCount, display.unreportedCount, display.uncertainRefreshCount))
            }
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
