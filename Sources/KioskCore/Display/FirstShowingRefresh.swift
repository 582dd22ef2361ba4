/// The refresh that first showed a frame, when the display reports the refresh after a
/// request made once the frame's pixels were in place (X11 Present: the report is asked for
/// after SDL's synchronised copy). If a refresh passed between the copy and the request, the
/// display reports the next one, a refresh later than the light; the frame was in place at
/// the first refresh after the copy, which lies `refresh × n` before the reported one.
public enum FirstShowingRefresh {
    /// `reported`, or an earlier refresh of the same display when the frame's pixels were in
    /// place before it: the first refresh at or after `inPlace`, never at or before `previous`
    /// (the refresh that showed the frame before).
    /// - Parameter refreshNanoseconds: the display's measured period.
    public static func of(_ reported: PresentationRecord, inPlace: MonotonicTime, previous: PresentationRecord?,
                          refreshNanoseconds: Int64) -> PresentationRecord {
        guard refreshNanoseconds > 0, reported.presentedTime > inPlace else { return reported }
        // Whole refreshes between the copy and the reported one: the latest of them at or after
        // the copy showed the frame first.
        let earlier = UInt64(reported.presentedTime.since(inPlace) / refreshNanoseconds)
        let floor = (previous?.sequence ?? 0) + 1
        let sequence = max(reported.sequence - min(earlier, reported.sequence), floor)
        guard sequence < reported.sequence else { return reported }
        var shown = reported
        shown.sequence = sequence
        shown.presentedTime = MonotonicTime(nanoseconds: reported.presentedTime.nanoseconds
            - Int64(reported.sequence - sequence) * refreshNanoseconds)
        return shown
    }
}
