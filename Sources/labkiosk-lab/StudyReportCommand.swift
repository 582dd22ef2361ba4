import ArgumentParser
import KioskCore
import KioskData
import KioskLab

/// `labkiosk-lab report`: a study's results across participants (docs/dashboard.md), the
/// dashboard's study page as a folder to keep, from the lab database or one kiosk's data.
struct StudyReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a study's results page: participants by visit, every figure by visit across participants with plots, and the tidy table.",
        discussion: """
            OUT/index.html is the dashboard's study page, standing alone (it opens offline in any \
            browser); OUT/figures.tsv is the tidy table of every participant's figures, and \
            OUT/summary.tsv each figure's mean, standard deviation and 95 % confidence interval by \
            block and visit. A study's simulated participants are the study NAME (simulated) \
            (docs/lab.md). OUT must be \
            new or empty; it is written whole or not at all.
            """
    )

    @OptionGroup var place: LabSourceOptions

    @Option(help: "The study, as its plan names it.")
    var study: String

    @Option(help: "The report's folder.")
    var out: String

    func run() throws {
        let source = try place.source()
        let connection = try source.open()
        try LabSchema.migrate(connection)
        try source.refresh(connection)
        guard let results = try LabStudy.read(connection, study: study, today: CalendarDate(WallClock.localDateTime())) else {
            // A dry run alone: its participants are under its own name (docs/lab.md: Simulated participants).
            let dryRun = LabDryRun.filedStudy(study, simulated: true)
            let hint = try LabStudy.read(connection, study: dryRun, today: CalendarDate(WallClock.localDateTime())) == nil
                ? "" : " (its simulated participants are the study \(dryRun.debugDescription))"
            throw LabFailure(message: "\(source.description) has no participant of the study \(study)\(hint); nothing was written")
        }
        let table = try LabTidyTable.read(connection, study: study)
        let written = BatchJournal.time(WallClock.localDateTime())
        let page = try DashboardPages().report(results, written: written, source: source.description)
        let folder = try OutputFolder(out, inputs: source.dataFolder.map { [$0] } ?? [])
        try folder.create("index.html", Array(page.utf8))
        try folder.create("figures.tsv", Array(table.utf8))
        try folder.create("summary.tsv", Array(results.summaryTable.utf8))
        try folder.finish()
        let visits = results.roster.hasVisits ? "\(results.visits.count) visits" : "a plan without visits"
        let who = LabDryRun.isDryRun(study) ? "simulated participants (a dry run: no person took part)" : "participants"
        print("\(out)/index.html: \(results.roster.participants.count) \(who), \(visits), \(results.figures.count) figures")
    }
}
