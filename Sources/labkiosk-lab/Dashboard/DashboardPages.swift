import KioskCore
import KioskLab
import Mustache

/// The dashboard's pages: the lab's tables read into models (KioskLab), the models into
/// Mustache templates (Templates/, embedded in the program), which escape every value as
/// HTML. Only the page frame takes HTML whole: the content it wraps, already rendered here.
struct DashboardPages: Sendable {
    private let library: MustacheLibrary

    init() throws {
        var templates: [String: MustacheTemplate] = [:]
        for (name, bytes) in [
            ("page", PackageResources.page_mustache), ("sign-in", PackageResources.sign_in_mustache),
            ("overview", PackageResources.overview_mustache), ("study", PackageResources.study_mustache),
            ("participant", PackageResources.participant_mustache), ("integrity", PackageResources.integrity_mustache),
            ("staff", PackageResources.staff_mustache), ("report", PackageResources.report_mustache),
            ("kiosk", PackageResources.kiosk_mustache), ("not-found", PackageResources.not_found_mustache),
        ] {
            templates[name] = try MustacheTemplate(string: String(decoding: bytes, as: UTF8.self))
        }
        library = MustacheLibrary(templates: templates)
    }

    static let stylesheet = String(decoding: PackageResources.dashboard_css, as: UTF8.self)
    static let script = String(decoding: PackageResources.dashboard_js, as: UTF8.self)

    /// What every signed-in page shows around its content.
    struct Frame: Sendable {
        var staff: StaffAccounts.Staff
        var formKey: String
        var source: String
    }

    /// A whole page, or only its content when the page's script asks for it again.
    func page(_ title: String, template: String, _ context: [String: Any], frame: Frame, contentOnly: Bool, live: Bool = true) -> String {
        let content = library.render(context, withTemplate: template) ?? ""
        if contentOnly { return content }
        return library.render([
            "title": title, "content": content, "live": live, "formKey": frame.formKey, "source": frame.source,
            "staff": ["name": frame.staff.name, "admin": frame.staff.admin],
        ], withTemplate: "page") ?? ""
    }

    /// A study's page to keep: the dashboard's study page, standing alone (its style inside).
    func report(_ study: LabStudy, written: String, source: String) -> String {
        var context = Self.study(study)
        context["offline"] = true
        context["written"] = written
        context["source"] = source
        let content = library.render(context, withTemplate: "study") ?? ""
        return library.render(["title": study.name, "content": content, "stylesheet": Self.stylesheet], withTemplate: "report") ?? ""
    }

    func signIn(name: String, message: String?) -> String {
        var context: [String: Any] = ["name": name]
        if let message { context["message"] = message }
        return library.render(context, withTemplate: "sign-in") ?? ""
    }

    // MARK: Models as template contexts

    /// A kiosk's row of the overview, linked to its page, with its latest timing certificate when it sent one.
    static func kiosk(_ kiosk: LabOverview.Kiosk) -> [String: Any] {
        var context: [String: Any] = ["name": kiosk.name, "url": percentEncoded(kiosk.name), "online": kiosk.online, "running": kiosk.running,
                                      "lastContact": kiosk.lastContact, "age": kiosk.age]
        if let certificate = kiosk.timingCertificate {
            context["certificate"] = [
                "made": certificate.made,
                "age": kiosk.certificateAgeDays.map { $0 == 1 ? "1 day" : "\(max(0, $0)) days" } ?? "?",
                "onset": spread(certificate.onset),
                "display": "\(certificate.displayMode), \(certificate.displayPath), \(certificate.compositor)",
                "version": certificate.version,
            ]
        }
        return context
    }

    static func overview(_ overview: LabOverview) -> [String: Any] {
        let integrity = overview.integrity
        return [
            "kiosks": overview.kiosks.map(kiosk),
            "has_kiosks": !overview.kiosks.isEmpty,
            "studies": overview.studies.map {
                ["name": $0.name, "url": percentEncoded($0.name), "simulated": LabDryRun.isDryRun($0.name),
                 "participants": $0.participants, "sessions": $0.sessions,
                 "visits": visitCounts($0.visits, hasVisits: $0.hasVisits)]
            },
            "has_studies": !overview.studies.isEmpty,
            "integrity": ["files": integrity.files, "size": integrity.size, "refused": integrity.refused, "unsent": integrity.unsent,
                          "has_refused": integrity.refused > 0, "has_unsent": integrity.unsent > 0,
                          "registeredApart": integrity.registeredApart, "has_registeredApart": integrity.registeredApart > 0,
                          "clean": integrity.refused == 0 && integrity.unsent == 0 && integrity.registeredApart == 0],
        ]
    }

    static func study(_ study: LabStudy) -> [String: Any] {
        let studyURL = percentEncoded(study.name)
        let byCondition = conditionPlots(study)
        // A dry run's plots say so in their titles, which travel with them when copied.
        let simulated = LabDryRun.isDryRun(study.name) ? " (simulated)" : ""
        return [
            "name": study.name, "url": studyURL, "simulated": LabDryRun.isDryRun(study.name), "rehearses": LabDryRun.rehearsed(study.name),
            "visits": study.visits.map { ["label": study.roster.hasVisits ? visitLabel($0) : "Sessions"] },
            "figureColumns": study.visits.map { ["label": study.roster.hasVisits ? visitLabel($0) : "All sessions"] },
            "participants": study.roster.participants.map { participant in
                ["id": participant.id, "url": percentEncoded(participant.id), "studyURL": studyURL, "group": participant.group,
                 "withdrawn": participant.withdrawn ?? "", "is_withdrawn": participant.withdrawn != nil,
                 "visits": participant.visits.map { ["state": $0.state, "detail": $0.detail] }] as [String: Any]
            },
            "counts": visitCounts(study.roster.counts, hasVisits: study.roster.hasVisits),
            "has_groups": study.roster.participants.contains { !$0.group.isEmpty },
            "orders": study.orders.map { ["order": $0.order, "participants": $0.participants] },
            "figures": study.figures.map { figure in
                ["block": figure.block, "name": figure.name, "cells": figure.visits.map { ["text": summary($0)] }] as [String: Any]
            },
            "has_figures": !study.figures.isEmpty,
            "conditionPlots": byCondition,
            "has_conditionPlots": !byCondition.isEmpty,
            "plots": study.figures.filter { !BatchJournal.bookkeepingFigures.contains($0.name) }.compactMap { figure -> [String: Any]? in
                let bars = zip(study.visits, figure.visits).compactMap { visit, summary in
                    summary.mean.map { (label: study.roster.hasVisits ? visitLabel(visit) : "all sessions", value: $0, color: "#1d3557") }
                }
                guard !bars.isEmpty else { return nil }
                return ["svg": SVGChart.bars(title: "\(figure.block): \(figure.name), mean" + (study.roster.hasVisits ? " by visit" : "") + simulated,
                                             yLabel: figure.name, bars: bars)]
            },
        ]
    }

    /// For each figure that two or more blocks report (accuracy of an easy and a hard judgement
    /// block, MATB tracking under low and high load), its mean across participants by block and
    /// visit: bars grouped by visit, a colour per block.
    static func conditionPlots(_ study: LabStudy) -> [[String: Any]] {
        var names: [String] = []
        for figure in study.figures where !BatchJournal.bookkeepingFigures.contains(figure.name) && !names.contains(figure.name) {
            names.append(figure.name)
        }
        return names.compactMap { name -> [String: Any]? in
            let blocks = study.figures.filter { $0.name == name && $0.visits.contains { $0.mean != nil } }
            guard blocks.count > 1 else { return nil }
            let color = { (index: Int) in SVGChart.palette[index % SVGChart.palette.count] }
            let bars = study.visits.enumerated().flatMap { visit, label in
                blocks.enumerated().compactMap { index, figure in
                    figure.visits[visit].mean.map { (label: study.visits.count == 1 ? "" : visitLabel(label), value: $0, color: color(index)) }
                }
            }
            let simulated = LabDryRun.isDryRun(study.name) ? " (simulated)" : ""
            return ["svg": SVGChart.bars(title: "\(name), mean by condition" + (study.visits.count == 1 ? "" : " and visit") + simulated, yLabel: name,
                                         bars: bars, legend: blocks.enumerated().map { ($0.element.block, color($0.offset)) })]
        }
    }

    /// Visits by state (sessions, for a study without visits), as the overview and a study's page show them.
    static func visitCounts(_ counts: LabStudyRoster.Counts, hasVisits: Bool) -> [String: Any] {
        ["completed": counts.completed, "unfinished": counts.unfinished, "declined": counts.declined, "due": counts.due,
         "overdue": counts.overdue, "has_overdue": counts.overdue > 0, "withdrawn": counts.withdrawn, "hasVisits": hasVisits]
    }

    /// A visit's column: sessions that name no visit, in a study whose others do, say so.
    static func visitLabel(_ visit: String) -> String { visit.isEmpty ? "(no visit)" : visit }

    static func participant(_ participant: LabParticipant) -> [String: Any] {
        let plots = participant.series.filter { $0.points.count > 1 }.prefix(12).map { series in
            ["svg": SVGChart.lines(title: "\(series.block): \(series.figure)" + (participant.simulated == nil ? "" : " (simulated)"), xLabel: "session", yLabel: series.figure,
                                   series: [.init(name: series.figure, color: "#1d3557", points: series.points)])]
        }
        return [
            "study": participant.study, "studyURL": percentEncoded(participant.study), "id": participant.id,
            "simulated": participant.simulated.map { $0 as Any } ?? false, "rehearses": LabDryRun.rehearsed(participant.study),
            "plots": Array(plots), "has_plots": !plots.isEmpty,
            "sessions": participant.sessions.map { session in
                var context: [String: Any] = [
                    "kiosk": session.kiosk, "started": session.started, "state": session.state,
                    "blocks": session.blocks.map { block in
                        ["place": block.place, "title": block.title, "state": block.shownState,
                         "partialFiles": block.partialFiles.map { $0.split(separator: "/").last.map(String.init) ?? $0 },
                         "figures": block.figures.map { ["name": $0.name, "value": $0.value] }] as [String: Any]
                    },
                    "decisions": session.journalDecisions ?? [], "has_decisions": session.journalDecisions?.isEmpty == false,
                    "no_journal": session.journalDecisions == nil,
                ]
                // A plan without visits: the heading says "Session", not an empty visit.
                if !session.visit.isEmpty { context["visit"] = session.visit }
                return context
            },
        ]
    }

    static func integrity(_ integrity: LabIntegrity) -> [String: Any] {
        [
            "kiosks": integrity.kiosks.map { ["kiosk": $0.kiosk, "files": $0.files, "size": $0.size, "lastReceived": $0.lastReceived] },
            "refused": integrity.refused.map {
                ["kiosk": $0.kiosk, "path": $0.path, "sentSHA256": $0.sentSHA256, "offeredSHA256": $0.offeredSHA256, "noticed": $0.noticed]
            },
            "has_refused": !integrity.refused.isEmpty,
            "refusedRows": integrity.refusedRows.map {
                ["kiosk": $0.kiosk, "what": $0.what, "kept": $0.kept, "offered": $0.offered, "noticed": $0.noticed]
            },
            "has_refusedRows": !integrity.refusedRows.isEmpty,
            "unsent": integrity.unsent.map { ["kiosk": $0.kiosk, "path": $0.path, "reason": $0.reason, "noticed": $0.noticed] },
            "has_unsent": !integrity.unsent.isEmpty,
            "registeredApart": integrity.registeredApart.map { participant in
                ["study": participant.study, "participant": participant.participant, "ordersDiffer": participant.ordersDiffer,
                 "registrations": participant.registrations.enumerated().map { index, registration in
                     ["kiosk": registration.kiosk, "registered": registration.registered, "group": registration.group, "counts": index == 0]
                 }] as [String: Any]
            },
            "has_registeredApart": !integrity.registeredApart.isEmpty,
        ]
    }

    static func staff(_ accounts: [StaffAccounts.Staff], formKey: String, message: String?, failed: Bool) -> [String: Any] {
        var context: [String: Any] = ["accounts": accounts.map { ["name": $0.name, "admin": $0.admin] }, "formKey": formKey,
                                      "messageClass": failed ? "alarm" : "ok"]
        if let message { context["message"] = message }
        return context
    }

    /// `0.812 ± 0.051 (12), 95 % CI 0.780 to 0.844`: mean ± SD (participants), and the
    /// mean's interval; a dash where no participant has the figure.
    static func summary(_ summary: LabFigureSummary) -> String {
        guard let mean = summary.mean else { return "—" }
        let spread = summary.standardDeviation.map { " ± " + TabSeparated.decimal($0, places: 3) } ?? ""
        let interval = summary.confidenceInterval95.map {
            ", 95 % CI " + TabSeparated.decimal($0.lowerBound, places: 3) + " to " + TabSeparated.decimal($0.upperBound, places: 3)
        } ?? ""
        return TabSeparated.decimal(mean, places: 3) + spread + " (\(summary.count))" + interval
    }
}
