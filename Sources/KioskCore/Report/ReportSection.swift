/// One part of a report page: a heading, figures in a table, and plots (docs/reports.md).
public struct ReportSection: Sendable {
    /// A plot: its file name without extension, and the SVG document.
    public struct Plot: Sendable {
        public var name: String
        public var svg: String
    }

    public var heading: String
    public var figures: [(name: String, value: String)]
    public var plots: [Plot]
    /// What could not be reported, and why.
    public var notes: [String]

    public init(heading: String, figures: [(name: String, value: String)] = [], plots: [Plot] = [], notes: [String] = []) {
        self.heading = heading
        self.figures = figures
        self.plots = plots
        self.notes = notes
    }
}
