import CXCBPresent
import Glibc
import KioskCore
import KioskData

/// X11's Present extension on a window SDL made: asks the X server to report the refresh
/// after the pixels sent so far, and waits for its `PresentCompleteNotify` (the refresh
/// counter, MSC, and its time, UST, in microseconds on CLOCK_MONOTONIC).
///
/// It keeps a connection of its own, so its events never pass through SDL's Xlib queue.
/// Requests on two connections are ordered here because SDL's X11 framebuffer update ends
/// with `XSync`: by the time `SDL_UpdateWindowSurfaceRects` returns, the server has copied
/// the pixels into the window, so a notification requested afterwards reports a refresh that
/// shows them; the counter read just before the copy says whether it is the first
/// (``FirstShowingRefresh``, docs/timing.md).
final class X11Present: PresentationReports {
    /// The X11 window's id.
    let windowID: UInt32
    private let connection: OpaquePointer
    private let events: OpaquePointer
    private let eventID: UInt32
    private var nextSerial: UInt32 = 0
    /// The request reading the counter before the copy of the frame about to be sent.
    private var counterReadingSerial: UInt32?
    /// The last frame's report request, and its counter reading when one was made.
    private var frameReport: (ticket: UInt32, counterReading: UInt32?)?

    var description: String { "X11 Present on window 0x" + String(windowID, radix: 16) }
    var displayPath: String { "X11 Present" }

    /// A completion: which request it answers, the refresh counter and its time.
    struct Completion {
        var serial: UInt32
        var sequence: UInt64
        var time: MonotonicTime
    }

    /// Why Present is not tried at all.
    static let notX11 = "the window is not an X11 window"

    /// Why Present cannot be used, as the start line says it.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens Present on `sdlWindow`'s X11 window.
    /// - Throws: ``Unavailable`` when SDL is not on X11, the server is unreachable or has no
    ///   Present extension.
    init(sdlWindow: OpaquePointer) throws {
        let window = CXCB_X11WindowOfSDLWindow(sdlWindow)
        guard window != 0 else { throw Unavailable(description: Self.notX11) }
        // xcb_connect always returns a connection; a failed one only reports its error.
        guard let connection = xcb_connect(nil, nil) else { throw Unavailable(description: "no connection to the X server") }
        guard xcb_connection_has_error(connection) == 0 else {
            xcb_disconnect(connection)
            throw Unavailable(description: "no connection to the X server")
        }
        let version = xcb_present_query_version_reply(connection, xcb_present_query_version(connection, 1, 2), nil)
        guard let version else {
            xcb_disconnect(connection)
            throw Unavailable(description: "the X server has no Present extension")
        }
        free(version)
        eventID = xcb_generate_id(connection)
        xcb_present_select_input(connection, eventID, window, UInt32(XCB_PRESENT_EVENT_MASK_COMPLETE_NOTIFY.rawValue))
        guard let events = xcb_register_for_special_xge(connection, CXCB_PresentExtension(), eventID, nil) else {
            xcb_disconnect(connection)
            throw Unavailable(description: "could not receive Present's events")
        }
        self.connection = connection
        self.events = events
        self.windowID = window
        xcb_flush(connection)
    }

    deinit {
        xcb_unregister_for_special_event(connection, events)
        xcb_disconnect(connection)
    }

    // The report is asked for once SDL's update has returned, with the pixels in the window;
    // the counter is read just before the copy (``pixelsWillBeCopied()``).
    func frameWillBeSent() {}

    /// Asks for the refresh counter as it reads now ("at once": divisor 0), so that the frame
    /// about to be copied is known not to have been shown before the refresh after it
    /// (``FirstShowingRefresh``). Call it just before SDL copies the frame's pixels.
    func pixelsWillBeCopied() {
        nextSerial &+= 1
        xcb_present_notify_msc(connection, windowID, nextSerial, 0, 0, 0)
        xcb_flush(connection)
        counterReadingSerial = nextSerial
    }

    func frameSent(plannedSequence: UInt64) -> UInt32 {
        let ticket = requestCompletion(atSequence: plannedSequence)
        frameReport = (ticket, counterReadingSerial)
        counterReadingSerial = nil
        return ticket
    }

    func requestNextRefresh() -> UInt32? { requestCompletion(atSequence: 0) }

    func waitForReport(_ ticket: UInt32, until deadline: MonotonicTime) -> PresentationReport? {
        let reading = frameReport?.ticket == ticket ? frameReport?.counterReading : nil
        var counterBeforeCopy: UInt64?
        guard let completion = waitForCompletion(serial: ticket, until: deadline, reading: reading, into: &counterBeforeCopy) else {
            return nil
        }
        // X11 Present says nothing of hardware clocks or copies: its report is the refresh counter's.
        let record = PresentationRecord(sequence: completion.sequence, presentedTime: completion.time, flags: .vsync, clock: .displayPresented)
        return .presented(FirstShowingRefresh.of(record, counterBeforeCopy: counterBeforeCopy))
    }

    /// Asks for a report at refresh `targetSequence`, or at the first refresh after the
    /// request when that one has passed; returns the request's serial.
    private func requestCompletion(atSequence targetSequence: UInt64) -> UInt32 {
        nextSerial &+= 1
        // Divisor 1, remainder 0: a target already passed means the next refresh, not "at once".
        xcb_present_notify_msc(connection, windowID, nextSerial, targetSequence, 1, 0)
        xcb_flush(connection)
        return nextSerial
    }

    /// Waits for the report of request `serial`, discarding older ones (a request given up
    /// on), until `deadline`; the counter read by request `reading` goes into `counter` (it
    /// comes first: it was answered at once, before the copy).
    /// - Returns: nil when the deadline passed first or the connection broke.
    private func waitForCompletion(serial: UInt32, until deadline: MonotonicTime, reading: UInt32?,
                                   into counter: inout UInt64?) -> Completion? {
        while true {
            while let event = xcb_poll_for_special_event(connection, events) {
                defer { free(event) }
                var got = Completion(serial: 0, sequence: 0, time: MonotonicTime(nanoseconds: 0))
                var ust: UInt64 = 0, kind: UInt8 = 0
                guard CXCB_ReadCompleteNotify(event, &got.serial, &ust, &got.sequence, &kind) == 1 else { continue }
                if got.serial == reading { counter = got.sequence }
                guard got.serial == serial else { continue }
                got.time = MonotonicTime(nanoseconds: Int64(ust) * 1000)
                return got
            }
            guard xcb_connection_has_error(connection) == 0 else { return nil }
            let left = deadline.since(MonotonicClock.now())
            guard left > 0 else { return nil }
            var descriptor = pollfd(fd: xcb_get_file_descriptor(connection), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(min((left + 999_999) / 1_000_000, 1000)))
            // Reading the socket sorts Present's events into their own queue; anything else
            // that arrives (an error) is dropped.
            while let other = xcb_poll_for_event(connection) { free(other) }
        }
    }
}
