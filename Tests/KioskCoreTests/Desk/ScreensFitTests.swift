import Testing
@testable import KioskCore

/// Every desk and consent screen, drawn with the longest strings the readers accept (of
/// ordinary letters, digits and words): each text shows whole inside its box and the canvas,
/// at 1280×800 and, for the consent form, which takes the window's size, 1920×1080 too.
@Suite struct ScreensFitTests {
    // At the readers' limits: a lab's name (60), a study's name (60, one word and words), an
    // ID and a visit's name (40), staff's notes (200), a consent title that fits its line,
    // a statement (200) and a typed name (80).
    static let lab = String("Human Factors and Cognitive Ergonomics Laboratory, Room 2.17 B".prefix(DeskConfigurationReader.longestLabName))
    static let studies = [String("Workload and fatigue under automation, simulator pilot, cohort B".prefix(PlanReader.longestStudyName)),
                          String("workload-fatigue-automation-simulator-pilot-cohort-b-winter26".prefix(PlanReader.longestStudyName))]
    static let id = String("P2026-WINTER-COHORT-B-SITE-07-SUBJECT-0042".prefix(ParticipantID.longest))
    static let visit = String("follow-up-after-twelve-weeks-of-training".prefix(ParticipantID.longest))
    static let notes = String(String(repeating: "left-handed, wears glasses, prefers the morning slot, ", count: 5).prefix(RosterEntry.longestNotes))
    static let statement = String(String(repeating: "I understand that my data are kept without my name and that I may stop at any time. ", count: 3)
        .prefix(ConsentFormReader.longestStatement))

    /// What does not show whole: each text too wide or too tall for its box, or outside the canvas.
    static func overflows(_ list: DrawList) -> [String] {
        list.commands.compactMap { command in
            guard case .text(let text, let box, let style) = command else { return nil }
            let canvas = list.canvas
            if box.left < -0.5 || box.bottom < -0.5 || box.right > canvas.width + 0.5 || box.top > canvas.height + 0.5 {
                return "outside the canvas: \(text.prefix(50))"
            }
            let fits: Bool
            if style.wraps {
                let lines = TextMetrics.wrappedLines(text, pointSize: style.pointSize, bold: style.bold, width: box.width)
                fits = TextMetrics.height(lines: lines.count, pointSize: style.pointSize) <= box.height + 0.5
                    && lines.allSatisfy { TextMetrics.width($0, pointSize: style.pointSize, bold: style.bold) <= box.width + 0.5 }
            } else {
                fits = TextMetrics.width(text, pointSize: style.pointSize, bold: style.bold) <= box.width + 0.5
                    && TextMetrics.height(lines: 1, pointSize: style.pointSize) <= box.height + 0.5
            }
            return fits ? nil : "\(text.prefix(50))… at \(style.pointSize) pt in \(Int(box.width))×\(Int(box.height))"
        }
    }

    static func desk() -> DeskScreen {
        let visits = [PlanVisit(name: "baseline", day: 0), PlanVisit(name: visit, day: 7, windowDays: 1), PlanVisit(name: String(visit.reversed()), day: 28)]
        var studyList = studies.map { DeskStudy(name: $0, planPath: "plans/\($0)/plan.toml", visits: visits) }
        studyList += (0..<3).map { DeskStudy(name: "extra-\($0)", planPath: "p\($0).toml") }
        studyList.append(DeskStudy(name: String(repeating: "broken-plan-", count: 5).prefix(60) + ".toml", planPath: "b.toml",
                                   problem: (1...5).map { "line \($0): " + String(repeating: "an unknown key in a table that does not take it; ", count: 3) }.joined(separator: "\n")))
        let today = (0..<8).map { "10:0\($0)  \(id)  \(studies[0]) · \(visit)  interrupted" }
        var desk = DeskScreen(labName: lab, studies: studyList, registered: [studies[0]: [id]], today: today, verifyPIN: { _ in false })
        desk.refresh(studies: studyList, registered: [studies[0]: [id]], today: today,
                     rosterProblems: ["/var/lib/labkiosk/data/roster.txt: line 40213: expected a time such as 2026-11-27 10:02:11, not \"last Tuesday\"; "
                                      + "this line may be \(id)'s registration or withdrawal in \(studies[0]), so nothing starts for them until it is corrected by hand",
                                      "another"])
        desk.lock(notice: "\(id) · \(studies[0]) · \(visit) stopped (status 1: " + String(repeating: "a block failed to open its files; ", count: 9).prefix(300) + "). "
            + "Choose \(studies[0]) and \(id) to resume it.")
        return desk
    }

    static func participant(withdrawn: Bool) -> DeskParticipant {
        let visits = [PlanVisit(name: "baseline", day: 0), PlanVisit(name: visit, day: 7, windowDays: 1), PlanVisit(name: String(visit.reversed()), day: 28)]
        var entry = RosterEntry(participant: id, study: studies[0], registered: "2026-11-27 10:02:11", group: "conditions: row 2 of 4", notes: notes)
        if withdrawn { entry.withdrawal = .init(time: "2026-12-04 09:15:40", by: "participant (consent form)", reason: "declined") }
        let schedule = VisitSchedule(visits: visits, sessions: [.init(visit: "baseline", started: CalendarDate(parsing: "2026-11-27")!, state: .complete)],
                                     today: CalendarDate(parsing: "2026-12-02")!)
        let history = (0..<6).map { index in
            DeskHistoryRow(date: "2026-11-2\(index)", visit: index % 2 == 0 ? visit : "baseline", block: "judge " + String(repeating: "stimuli/", count: 6) + "go-no-go.toml",
                           figures: [("accuracy", "0.913"), ("d′", "2.417"), ("median rt ms", "512.345"), ("track in target %", "87.5")])
        }
        return DeskParticipant(id: id, entry: entry, schedule: schedule, session: nil, history: history, labRosterPulled: "2026-12-02 09:55:00")
    }

    @Test func everyDeskPageShowsItsTextWhole() {
        let now = MonotonicTime(nanoseconds: 1_000_000_000)
        var desk = Self.desk()
        let study = desk.studies[0]
        var pages: [(String, DeskScreen.Page)] = [("locked", .locked), ("PIN", .pin), ("studies", .studies), ("ID", .enterID(study)),
            ("did you mean", .didYouMean(study, typed: Self.id, candidates: (0..<4).map { _ in Self.participant(withdrawn: false) })),
            ("participant", .participant(study, Self.participant(withdrawn: false))),
            ("withdrawn participant", .participant(study, Self.participant(withdrawn: true))),
            ("held participant", .participant(study, DeskParticipant(id: Self.id, entry: nil, schedule: nil, session: nil,
                heldBy: "/var/lib/labkiosk/data/roster.txt: line 40213: expected six fields separated by tabs: what, time, participant, study, and two more; this line may be \(Self.id)'s registration or withdrawal in \(Self.studies[0]), so nothing starts for them until it is corrected by hand (other participants are not affected)"))),
            ("confirm", .confirm(question: "\(Self.id) did visit \(Self.visit) (done 2026-11-27). Run it once more, in a new session folder?", yes: "Yes, run again",
                                 then: .log(""), back: .studies)),
            ("self-check", .selfCheck(study, lines: (0..<20).map { "labkiosk: input device not readable: /dev/input/by-id/usb-Thrustmaster_T.16000M-event-joystick \($0) (add the udev rule)" })),
            ("problem", .problem(desk.studies.last?.problem ?? ""))]
        desk.idMessage = ParticipantID.problem("P017/../x;rm") ?? ""
        pages.append(("ID refused", .enterID(study)))
        for (name, page) in pages {
            desk.page = page
            let problems = Self.overflows(desk.drawList(at: now))
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
    }

    @Test func aLongSelfCheckLineWrapsAtTheOthersSizeAndTheLatestLinesAreKept() {
        let long = "labkiosk: self-check: timing certificate not valid for this display: made on 1920×1080 at 60.54 Hz, X11; "
            + "this display is 1280×1024 (no refresh rate reported), X11; `labkiosk timing --sensor DEVICE` makes a new one"
        let lines = (0..<30).map { "labkiosk: self-check: line \($0)" } + [long, "labkiosk: self-check passed: plan.toml can run here"]
        let rows = DeskScreen.selfCheckRows(lines)
        #expect(rows.last?.line == lines.last && rows.dropLast().last?.line == long)
        #expect(rows.count < lines.count && rows.map(\.line) == Array(lines.suffix(rows.count)))
        let longBox = rows.first { $0.line == long }!.box
        #expect(longBox.height > 2 * TextMetrics.height(lines: 1, pointSize: DeskScreen.selfCheckPointSize) - 1)
        #expect(TextFit.style(for: long, in: longBox, pointSize: DeskScreen.selfCheckPointSize, bold: false) == (DeskScreen.selfCheckPointSize, true))
        for (upper, lower) in zip(rows, rows.dropFirst()) { #expect(upper.box.bottom > lower.box.bottom + lower.box.height) }
        #expect(rows.last!.box.bottom >= 130)
    }

    @Test(arguments: [Canvas(width: 1280, height: 800), Canvas(width: 1920, height: 1080)])
    func everyConsentScreenShowsItsTextWhole(_ canvas: Canvas) {
        var title = "Consent to take part"
        while ScreenTitle.problem(title + " W") == nil { title += " W" }
        let form = ConsentForm(title: title, pages: [ConsentForm.Page(file: "a.html"), ConsentForm.Page(file: "b.html")],
                               statements: Array(repeating: Self.statement, count: ConsentFormReader.mostStatements))
        var consent = ConsentBlock(form: form, pageTexts: ["<p>About the study.</p>", "<p>Your data.</p>"], canvas: canvas)
        for stage in [ConsentBlock.Stage.page(0), .page(1), .statements, .name, .signature, .confirmDecline(from: .statements)] {
            consent.stage = stage
            consent.name = String(repeating: "Wilhelmina Montgomery-Featherstonehaugh ", count: 2).prefix(ConsentBlock.longestName - 1).description
            let problems = Self.overflows(consent.drawList())
            #expect(problems.isEmpty, "\(stage) at \(canvas.width)×\(canvas.height): \(problems)")
        }
    }
}
