import FoundationEssentials
import KioskCore
import KioskData

/// A kind of data file `report` and `export` read: how its name ends, how it is reported, and
/// how it becomes a BIDS run. Several block kinds may write one (instructions and
/// questionnaire blocks write MATB session logs).
public struct BlockLog: Sendable {
    /// How the file's name ends: `.csv`, `_judge.tsv`.
    public let suffix: String
    /// The title of a report on one such file ("Image judgements"), and of its section ("Judgements").
    let reportTitle: String, sectionHeading: String
    /// The file to read when this one is given to `report` alone, if it is of this kind (a
    /// drawing-pad trial's InteractLog file stands for its samples).
    let standsFor: @Sendable (String) -> String?
    /// The report's sections on a file, with its heading and the prefix of its plots' names.
    let report: @Sendable (_ path: String, _ heading: String, _ plotPrefix: String) throws(ShellError) -> [ReportSection]
    /// How `export` reads the file as a BIDS run; nil for logs it leaves out.
    let bids: BIDSRunReader?

    init(suffix: String, reportTitle: String, sectionHeading: String, standsFor: (@Sendable (String) -> String?)? = nil,
         report: @escaping @Sendable (String, String, String) throws(ShellError) -> [ReportSection],
         bids: BIDSRunReader? = nil) {
        self.suffix = suffix
        self.reportTitle = reportTitle
        self.sectionHeading = sectionHeading
        self.standsFor = standsFor ?? { $0.hasSuffix(suffix) ? $0 : nil }
        self.report = report
        self.bids = bids
    }

    /// Whether `export` writes this kind of log.
    public var isExported: Bool { bids != nil }
}
