/// The refresh that first showed a frame, when the display reports the refresh after a
/// request made once the frame's pixels were in place (X11 Present: SDL's copy ends with a
/// round trip, and the report is asked for after it).
///
/// The display's refresh counter read just before the copy (a report asked for "at once")
/// bounds it: the frame cannot have been shown before the refresh after that reading. When
/// the report is that very refresh, the frame's first refresh is known. When the counter
/// stepped in between, during the copy or in the moment before the report was asked for, the
/// frame was first shown at the reported refresh or at one before it, and which cannot be told
/// from the display's figures: the time of a step differs between displays (a panel's counter
/// steps at its refresh; Xvfb's at half a period before the time it reports for it). The
/// reported refresh is kept, since an onset is never logged before its light, and the
/// frame is counted as uncertain, so no such onset passes unseen.
public enum FirstShowingRefresh {
    /// What the display's figures say of a frame's first refresh.
    public enum Finding: Equatable, Sendable {
        /// The reported refresh, which first showed the frame.
        case known(PresentationRecord)
        /// The reported refresh, or as many as `refreshesEarlier` before it, first showed the frame.
        case uncertain(PresentationRecord, refreshesEarlier: UInt64)

        /// The refresh an onset is stamped with: the reported one.
        public var record: PresentationRecord {
            switch self {
            case .known(let record), .uncertain(let record, _): record
            }
        }

        /// ``record``, carrying the start of the earliest refresh that may have shown the
        /// frame when that is uncertain, counted back from the reported one by `refreshNanoseconds`
        /// (the measured period, ``RefreshSchedule/refreshNanoseconds``).
        public func record(refreshNanoseconds: Int64) -> PresentationRecord {
            guard case .uncertain(var record, let refreshesEarlier) = self else { return record }
            // Saturating: a counter that jumped absurdly far must not wrap the time round.
            let back = Int64(clamping: refreshesEarlier).multipliedReportingOverflow(by: max(refreshNanoseconds, 0))
            let earliest = record.presentedTime.nanoseconds.subtractingReportingOverflow(back.overflow ? .max : back.partialValue)
            record.earliestPossibleTime = MonotonicTime(nanoseconds: earliest.overflow ? .min : earliest.partialValue)
            return record
        }
    }

    /// - Parameters:
    ///   - reported: the refresh reported for a request made after the copy.
    ///   - counterBeforeCopy: the refresh counter read just before the copy; nil when the
    ///     display did not say (no copy was made, or the reading was lost).
    public static func of(_ reported: PresentationRecord, counterBeforeCopy: UInt64?) -> Finding {
        guard let counterBeforeCopy, reported.sequence > counterBeforeCopy + 1 else { return .known(reported) }
        return .uncertain(reported, refreshesEarlier: reported.sequence - counterBeforeCopy - 1)
    }
}
