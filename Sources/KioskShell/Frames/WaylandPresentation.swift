import CWaylandPresentation
import Glibc
import KioskCore
import KioskData

/// Wayland's presentation-time protocol on the surface SDL made: before each frame's commit it
/// asks the compositor for that commit's feedback, which says when the frame turned into light
/// (or that it never did), on the compositor's clock, with the output's refresh and counter and
/// how it knows (flags: vsync, hardware clock, hardware completion, zero copy).
///
/// Its objects live on an event queue of its own, so SDL's event pump never dispatches them;
/// SDL's reads of the connection only sort them into that queue.
final class WaylandPresentation: PresentationReports {
    private let presentation: OpaquePointer
    private let feedback = UnsafeMutablePointer<CWP_Feedback>.allocate(capacity: 1)
    private let clockID: clockid_t
    private var counter = RefreshCounter()
    private var ticket: UInt32 = 0
    private var requested = false

    /// Why presentation-time cannot be used, as the start line says it.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// Binds presentation-time on `sdlWindow`'s Wayland display.
    /// - Throws: ``Unavailable`` when SDL is not on Wayland or the compositor offers none (cage 0.1.4).
    init(sdlWindow: OpaquePointer) throws {
        var why: UnsafePointer<CChar>?
        guard let presentation = CWP_Open(sdlWindow, &why) else {
            throw Unavailable(description: why.map { String(cString: $0) } ?? "no presentation-time")
        }
        self.presentation = presentation
        clockID = clockid_t(CWP_ClockID(presentation))
        feedback.initialize(to: CWP_Feedback())
    }

    deinit {
        CWP_Abandon(feedback)
        CWP_Close(presentation)
        feedback.deallocate()
    }

    var description: String { "Wayland presentation-time, compositor clock \(Self.clockName(clockID))" }
    var displayPath: String { description }

    func frameWillBeSent() {
        CWP_Abandon(feedback)
        requested = CWP_Request(presentation, feedback) == 0
    }

    func frameSent(plannedSequence: UInt64) -> UInt32 {
        ticket &+= 1
        return ticket
    }

    func requestNextRefresh() -> UInt32? { nil }

    func waitForReport(_ ticket: UInt32, until deadline: MonotonicTime) -> PresentationReport? {
        guard requested, ticket == self.ticket else { return nil }
        requested = false
        guard CWP_Wait(presentation, feedback, max(0, deadline.since(MonotonicClock.now()))) == 1 else {
            CWP_Abandon(feedback)
            return nil
        }
        let answer = feedback.pointee
        guard answer.state == CWP_FEEDBACK_PRESENTED else { return .discarded }
        let reported = Int64(answer.seconds) * 1_000_000_000 + Int64(answer.nanoseconds)
        let time = MonotonicTime(nanoseconds: reported + Self.offsetToMonotonic(from: clockID))
        let flags = PresentationFlags(rawValue: UInt8(truncatingIfNeeded: answer.flags & 0xF))
        let refresh = Int64(answer.refreshNanoseconds)
        let sequence = counter.sequence(reported: answer.sequence, trusted: flags.contains(.hardwareCompletion), at: time,
                                        refreshNanoseconds: refresh)
        // The feedback belongs to the frame's own commit: its refresh is the first that showed it.
        return .presented(.known(PresentationRecord(sequence: sequence, presentedTime: time,
                                                    reportedRefreshNanoseconds: refresh > 0 ? refresh : nil, flags: flags,
                                                    clock: .displayPresented)))
    }

    /// CLOCK_MONOTONIC minus `clock`, read now: zero for the monotonic clock itself; for
    /// another (Weston reports CLOCK_MONOTONIC_RAW) the reading between two monotonic ones,
    /// so the mapping errs by half the few hundred nanoseconds the three reads take.
    private static func offsetToMonotonic(from clock: clockid_t) -> Int64 {
        guard clock != CLOCK_MONOTONIC else { return 0 }
        var before = timespec(), other = timespec(), after = timespec()
        clock_gettime(CLOCK_MONOTONIC, &before)
        clock_gettime(clock, &other)
        clock_gettime(CLOCK_MONOTONIC, &after)
        func nanoseconds(_ t: timespec) -> Int64 { Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec) }
        return (nanoseconds(before) + nanoseconds(after)) / 2 - nanoseconds(other)
    }

    private static func clockName(_ clock: clockid_t) -> String {
        switch clock {
        case CLOCK_MONOTONIC: "CLOCK_MONOTONIC"
        case CLOCK_MONOTONIC_RAW: "CLOCK_MONOTONIC_RAW, mapped to CLOCK_MONOTONIC"
        case CLOCK_REALTIME: "CLOCK_REALTIME, mapped to CLOCK_MONOTONIC"
        default: "\(clock), mapped to CLOCK_MONOTONIC"
        }
    }
}
