/// Which clock stamped a run's onsets: the display's own report of when a frame turned into
/// light, or a stand-in the data must not be mistaken for.
public enum OnsetClock: String, Hashable, Sendable, CaseIterable {
    /// The display system reported when each frame was presented (X11 Present's
    /// `PresentCompleteNotify`): an onset is the refresh that first showed it.
    case displayPresented = "display-presented"
    /// No display report: frames are paced by a 60 Hz timer and an onset is the moment the
    /// window system took the frame, up to a refresh or more before it was seen.
    case softwareTimer = "software-timer"
    /// Headless: nothing is shown, an onset is the virtual frame's time.
    case virtualFrames = "virtual-frames"

    /// The name logs carry (`onset clock: display-presented`).
    public var logName: String { rawValue }
}
