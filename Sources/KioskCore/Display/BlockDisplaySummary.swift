/// What a block's display figures (BlockRunner: `onset clock`, `late frames`, `missed
/// refreshes`, `unreported frames`) say, in one phrase for a batch's report: which clock
/// stamped its onsets and every refresh that went wrong, so that none passes unseen.
public enum BlockDisplaySummary {
    /// The figure a block whose plan flags missed refreshes (`flag_missed_refreshes`) gets
    /// when any occurred; its value says what happened.
    public static let flagFigure = "data flagged"

    /// `onsets display-presented, 12 missed refreshes, 1 late frame, 2 uncertain frames; data
    /// flagged; shown on 1920×1080 at 60 Hz, X11, timing certificate made 2026-11-20 09:30:00 on
    /// this display`; nil for a block that reported no onset clock (a headless run, or a journal
    /// from before the figures). Uncertain frames (shown at the refresh reported or one before
    /// it) are named but flag nothing: every frame was shown on time.
    public static func of(_ figures: [String: String]) -> String? {
        guard let clock = figures["onset clock"] else { return nil }
        let problems = problems(figures) + counted(figures, [("uncertain frames", "uncertain frame")])
        let shownOn = figures[ShownDisplayFigures.display].map { display in
            "; shown on \(display)" + (figures[ShownDisplayFigures.certificate].map { $0 == "none" ? ", no timing certificate" : ", timing certificate \($0)" } ?? "")
        }
        return (["onsets \(clock)"] + problems).joined(separator: ", ") + (figures[flagFigure] == nil ? "" : "; data flagged") + (shownOn ?? "")
    }

    /// Why a block's data is flagged: `12 missed refreshes, 1 late frame`; nil when its display
    /// showed every frame on time and reported each (or it ran headless, with no display).
    public static func flagReason(_ figures: [String: String]) -> String? {
        let problems = problems(figures)
        return problems.isEmpty ? nil : problems.joined(separator: ", ")
    }

    private static func problems(_ figures: [String: String]) -> [String] {
        counted(figures, [("missed refreshes", "missed refresh"), ("late frames", "late frame"), ("unreported frames", "unreported frame")])
    }

    /// `12 missed refreshes` for each figure named (plural, singular) that is not zero.
    private static func counted(_ figures: [String: String], _ names: [(String, String)]) -> [String] {
        names.compactMap { name, one in
            guard let text = figures[name], let count = Int(text), count != 0 else { return nil }
            return "\(count) \(count == 1 ? one : name)"
        }
    }
}
