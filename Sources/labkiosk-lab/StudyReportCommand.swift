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
            (docs/lab.md); a study with none but simulated participants is reported as that one, \
            and says so. OUT must be new or empty; it is written whole or not at all.
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
        let today = CalendarDate(WallClock.localDateTime())
        var study = self.study
        var found = try LabStudy.read(connection, study: study, today: today)
        if found == nil, !LabDryRun.isDryRun(study) {
            // A dry run alone: its participants are under its own name (docs/lab.md: Simulated
            // participants), and the report is theirs, titled so, never mixed with real ones.
            let dryRun = LabDryRun.filedStudy(study, simulated: true)
            if let simulated = try LabStudy.read(connection, study: dryRun, today: today) {
                print("labkiosk-lab: \(source.description) has no real participant of the study \(study); "
                      + "reporting its simulated participants, the study \(dryRun.debugDescription)")
                (study, found) = (dryRun, simulated)
            }
        }
        guard let results = found else {
            throw LabFailure(message: "\(source.description) has no participant of the study \(study); nothing was written")
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
