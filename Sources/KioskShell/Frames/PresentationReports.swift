import KioskCore

/// A display system's reports of when each frame turned into light: X11's Present extension
/// (``X11Present``) or Wayland's presentation-time (``WaylandPresentation``).
/// ``PresentedFrameClock`` paces the loop on them, one frame per refresh.
protocol PresentationReports: AnyObject {
    /// How the start line names it: `X11 Present on window 0x200002`.
    var description: String { get }
    /// The path alone, as a timing certificate names it: `X11 Present`.
    var displayPath: String { get }
    /// The frame about to be handed over is the one to report on (Wayland asks before the
    /// surface's commit; X11 after the copy).
    func frameWillBeSent()
    /// The frame was handed over; asks for its report, planned for refresh `plannedSequence`
    /// (0: the next). Returns the request's ticket.
    func frameSent(plannedSequence: UInt64) -> UInt32
    /// Asks for a report of the next refresh when no frame is waiting for one; nil where the
    /// display system reports only frames (Wayland).
    func requestNextRefresh() -> UInt32?
    /// Waits for the report on `ticket` until `deadline`; nil when none came (a hidden window,
    /// a broken connection).
    func waitForReport(_ ticket: UInt32, until deadline: MonotonicTime) -> PresentationReport?
}

/// What a display system said of a frame.
enum PresentationReport {
    /// Shown at this refresh: known, or (X11, whose report is asked for after the copy) at it
    /// or one before it (``FirstShowingRefresh``).
    case presented(FirstShowingRefresh.Finding)
    /// Never shown: a later frame replaced it before a refresh took it (Wayland only).
    case discarded
}
