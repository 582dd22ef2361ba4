import KioskCore

extension LabStudy {
    /// The columns of ``summaryTable``.
    static let summaryColumns = ["block", "figure", "visit", "participants", "mean", "sd", "ci95_low", "ci95_high"]

    /// Every figure of every block at each visit across participants, as a tab-separated
    /// table a script reads (a report's `summary.tsv`): the mean, its standard deviation and
    /// the mean's 95 % confidence interval; empty cells where there are too few participants.
    public var summaryTable: String {
        var text = TabSeparated.line(Self.summaryColumns)
        for figure in figures {
            for (visit, summary) in zip(visits, figure.visits) where summary.count > 0 {
                text += TabSeparated.line([figure.block, figure.name, visit, String(summary.count),
                                           TabSeparated.decimal(summary.mean, places: 6), TabSeparated.decimal(summary.standardDeviation, places: 6),
                                           TabSeparated.decimal(summary.confidenceInterval95?.lowerBound, places: 6),
                                           TabSeparated.decimal(summary.confidenceInterval95?.upperBound, places: 6)])
            }
        }
        return text
    }
}
