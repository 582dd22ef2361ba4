/// What each page of the desk shows, and where its buttons are: one list serves drawing and
/// tapping, so a button is hit exactly where it is drawn.
extension DeskScreen {
    struct Button {
        var box: Rect
        var label: String
        var action: Action
        var enabled = true
        var primary = false
    }

    private static let ink = Color(15, 23, 42), muted = Color(71, 85, 105), paper = Color(241, 245, 249)
    private static let accent = Color(37, 99, 235), warning = Color(185, 28, 28), night = Color(30, 41, 59)

    func buttons(at now: MonotonicTime) -> [Button] {
        let width = Self.canvas.width
        switch page {
        case .locked:
            return []
        case .pin:
            var keys: [Button] = []
            let labels: [String] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "OK"]
            let lockedOut = pinPad.isLockedOut(at: now)
            for (index, label) in labels.enumerated() {
                let box = Rect(left: 470 + Double(index % 3) * 116, bottom: 450 - Double(index / 3) * 92, width: 108, height: 84)
                let action: Action = label == "⌫" ? .pinErase : label == "OK" ? .pinOK : .pinDigit(Character(label))
                keys.append(Button(box: box, label: label, action: action, enabled: !lockedOut, primary: label == "OK"))
            }
            keys.append(Button(box: Rect(left: width - 260, bottom: 40, width: 220, height: 70), label: "Cancel", action: .pinCancel))
            return keys
        case .studies:
            var list: [Button] = []
            for (index, study) in studies.enumerated().prefix(6) {
                let bottom = 560 - Double(index) * 80
                // A plan that cannot run opens its problems, whole, on a page of their own.
                list.append(Button(box: Rect(left: 60, bottom: bottom, width: 560, height: 70),
                                   label: study.problem == nil ? study.name : "\(study.name): cannot run (why?)", action: .study(index),
                                   primary: study.problem == nil))
                list.append(Button(box: Rect(left: 640, bottom: bottom, width: 150, height: 70), label: "Self-check", action: .selfCheck(index),
                                   enabled: study.problem == nil))
            }
            list.append(Button(box: Rect(left: width - 260, bottom: 40, width: 220, height: 70), label: "Lock", action: .lock))
            return list
        case .enterID:
            var keys: [Button] = []
            let rows = ["1234567890", "QWERTYUIOP", "ASDFGHJKL-", "ZXCVBNM_"]
            for (row, characters) in rows.enumerated() {
                for (column, character) in characters.enumerated() {
                    let box = Rect(left: 115 + Double(column) * 106 + Double(row) * 20, bottom: 400 - Double(row) * 90, width: 98, height: 80)
                    keys.append(Button(box: box, label: String(character), action: .key(character)))
                }
            }
            keys.append(Button(box: Rect(left: 115 + 8 * 106 + 60, bottom: 130, width: 204, height: 80), label: "⌫ Erase", action: .backspace))
            keys.append(Button(box: Rect(left: 60, bottom: 40, width: 220, height: 70), label: "Back", action: .back))
            keys.append(Button(box: Rect(left: width - 300, bottom: 40, width: 260, height: 70), label: "OK", action: .idOK,
                               enabled: !typedID.isEmpty, primary: true))
            return keys
        case .didYouMean(_, let typed, let candidates):
            // Someone new is the highlighted choice: a hurried Enter must never start a
            // registered participant's visit.
            var list = [Button(box: Rect(left: 60, bottom: 470, width: 600, height: 80), label: "No: \(typed) is someone new",
                               action: .choose(typed), primary: true)]
            for (index, candidate) in candidates.enumerated() {
                list.append(Button(box: Rect(left: 60, bottom: 330 - Double(index) * 92, width: 420, height: 80), label: "Yes: \(candidate.id)",
                                   action: .choose(candidate.id)))
            }
            list.append(Button(box: Rect(left: 60, bottom: 40, width: 220, height: 70), label: "Back", action: .back))
            return list
        case .participant(let study, let participant):
            var list = participantButtons(study, participant)
            if participant.entry != nil, participant.entry?.withdrawal == nil, participant.heldBy == nil {
                list.append(Button(box: Rect(left: width - 560, bottom: 40, width: 240, height: 70), label: "Withdraw…",
                                   action: .confirm(question: "Record that \(participant.id) withdrew from \(study.name)? Their files are kept; no visit can start for them again.",
                                                    yes: "Yes, withdraw", .withdraw(study: study, participant: participant.id))))
            }
            list.append(Button(box: Rect(left: width - 300, bottom: 40, width: 260, height: 70), label: "Done", action: .back))
            return list
        case .confirm(_, let yes, let request, _):
            return [Button(box: Rect(left: 340, bottom: 260, width: 280, height: 80), label: yes, action: .request(request), primary: true),
                    Button(box: Rect(left: 660, bottom: 260, width: 280, height: 80), label: "No", action: .back)]
        case .selfCheck, .problem:
            return [Button(box: Rect(left: width - 300, bottom: 40, width: 260, height: 70), label: "Back", action: .back)]
        }
    }

    /// One row per visit (or one for a study's single session), with what staff may do there.
    private func participantButtons(_ study: DeskStudy, _ participant: DeskParticipant) -> [Button] {
        guard participant.entry?.withdrawal == nil, participant.heldBy == nil else { return [] }
        func start(_ visit: String?, again: Bool, confirmed: Bool) -> DeskRequest {
            .start(DeskStart(study: study, participant: participant.id, visit: visit, again: again, confirmed: confirmed))
        }
        func box(_ row: Int) -> Rect { Rect(left: 900, bottom: 560 - Double(row) * 64, width: 300, height: 56) }
        guard let schedule = participant.schedule else {
            switch participant.session {
            case nil: return [Button(box: box(0), label: "Start", action: .request(start(nil, again: false, confirmed: false)), primary: true)]
            case .interrupted?: return [Button(box: box(0), label: "Resume", action: .request(start(nil, again: false, confirmed: false)), primary: true)]
            case .running?, .declined?: return []
            case .complete?:
                return [Button(box: box(0), label: "Run again…", action: .confirm(
                    question: "\(participant.id) completed \(study.name). Run it once more, in a new session folder?", yes: "Yes, run again",
                    start(nil, again: true, confirmed: true)))]
            }
        }
        return schedule.statuses.enumerated().compactMap { row, status in
            let name = status.visit.name
            switch status.state {
            case .running, .declined: return nil
            case .interrupted: return Button(box: box(row), label: "Resume", action: .request(start(name, again: false, confirmed: false)), primary: true)
            case .due:
                // Consent not asked at an unattended visit: staff confirm it was given before any other visit.
                if let unattended = participant.consentNotAsked {
                    return Button(box: box(row), label: "Start…", action: .confirm(
                        question: "Consent was not asked at \(unattended) (an unattended run). Has \(participant.id) given consent? Start \(name) only if so; your confirmation goes in the desk's log.",
                        yes: "Yes, consent given", start(name, again: false, confirmed: true)))
                }
                return Button(box: box(row), label: "Start", action: .request(start(name, again: false, confirmed: false)), primary: true)
            case .done: return Button(box: box(row), label: "Run again…", action: .confirm(
                question: "\(participant.id) did visit \(name) (\(status.text)). Run it once more, in a new session folder?", yes: "Yes, run again",
                start(name, again: true, confirmed: true)))
            case .early, .overdue, .afterFirstVisit: return Button(box: box(row), label: "Start…", action: .confirm(
                question: "Visit \(name) is \(status.text). Start it today anyway? Your confirmation is logged.", yes: "Yes, start",
                start(name, again: false, confirmed: true)))
            }
        }
    }

    /// What the screen shows at `now`.
    public func drawList(at now: MonotonicTime) -> DrawList {
        let canvas = Self.canvas
        var list = DrawList(canvas: canvas)
        func text(_ string: String, _ left: Double, _ bottom: Double, _ width: Double, _ height: Double, size: Double, color: Color = Self.ink,
                  bold: Bool = false, alignment: TextStyle.Alignment = .left) {
            Self.text(string, left, bottom, width, height, size: size, color: color, bold: bold, alignment: alignment, into: &list)
        }
        if page == .locked {
            list.fill(canvas.bounds, Self.night)
            text(labName, 0, 470, canvas.width, 90, size: 40, color: Color(248, 250, 252), bold: true, alignment: .center)
            text("Please ask the experimenter to start your session.", 0, 370, canvas.width, 60, size: 24, color: Color(226, 232, 240), alignment: .center)
            text("Staff: tap the screen for the PIN pad", 0, 30, canvas.width, 40, size: 14, color: Color(148, 163, 184), alignment: .center)
            return list
        }
        list.fill(canvas.bounds, Self.paper)
        list.fill(Rect(left: 0, bottom: 720, width: canvas.width, height: 80), Color(226, 232, 240))
        text(labName, 40, 730, 600, 60, size: 20, color: Self.muted, bold: true)
        switch page {
        case .locked:
            break
        case .pin:
            text("Staff PIN", 0, 640, canvas.width, 60, size: 28, bold: true, alignment: .center)
            list.fill(Rect(left: 470, bottom: 560, width: 340, height: 70), .white)
            list.stroke(Rect(left: 470, bottom: 560, width: 340, height: 70), Self.muted, lineWidth: 2)
            text(String(repeating: "●", count: pinPad.typed.count), 470, 560, 340, 70, size: 30, alignment: .center)
            let seconds = pinPad.secondsLocked(at: now)
            let message = seconds > 0 ? "Locked after \(DeskPINPad.triesBeforeLockout) wrong PINs: try again in \(seconds) s" : pinPad.message
            text(message, 0, 110, canvas.width, 40, size: 18, color: Self.warning, alignment: .center)
        case .studies:
            text("Choose a study", 60, 660, 700, 50, size: 26, bold: true)
            if studies.isEmpty { text("No study plan was found in the plans folder.", 60, 560, 700, 40, size: 18, color: Self.warning) }
            text("Today on this kiosk", 840, 660, 400, 50, size: 20, bold: true)
            // Two lines each at most, so that a session's state is never cut off at the edge.
            let lines = today.isEmpty ? ["No session yet today."] : Array(today.suffix(6))
            for (row, line) in lines.enumerated() { text(line, 840, 600 - Double(row) * 50, 400, 46, size: 14, color: Self.muted) }
            if today.count > 6 { text("and \(today.count - 6) earlier (labkiosk sessions lists them)", 840, 300, 400, 20, size: 12, color: Self.muted) }
            if let notice { text(notice, 60, 40, 740, 110, size: 16, color: Self.warning) }
            if let first = rosterProblems.first {
                let more = rosterProblems.count > 1 ? " (and \(rosterProblems.count - 1) more: see the desk's log)" : ""
                text("Roster: \(first)\(more)", 840, 120, 400, 160, size: 12, color: Self.warning)
            }
        case .enterID(let study):
            text("\(study.name): participant ID", 60, 660, 1100, 50, size: 26, bold: true)
            list.fill(Rect(left: 115, bottom: 540, width: 1050, height: 80), .white)
            list.stroke(Rect(left: 115, bottom: 540, width: 1050, height: 80), Self.accent, lineWidth: 3)
            let shown = typedID.unicodeScalars.map { $0.properties.generalCategory == .control ? "⍽" : String($0) }.joined()
            text(shown.count > 40 ? "…" + String(shown.suffix(39)) : shown + "▏", 135, 540, 1010, 80, size: 34)
            text(idMessage.isEmpty ? "Type or scan the ID, then OK." : idMessage, 115, 500, 1050, 34, size: 16,
                 color: idMessage.isEmpty ? Self.muted : Self.warning)
        case .didYouMean(let study, let typed, let candidates):
            text("\(typed) is not on the roster of \(study.name).", 60, 640, 1160, 50, size: 24, bold: true)
            text("It is one slip (a character doubled, dropped or swapped) from \(candidates.count == 1 ? "a registered participant" : "registered participants"). "
                 + "Check the ID before you go on.", 60, 570, 1160, 60, size: 18, color: Self.muted)
            text("Or did you mean:", 60, 420, 600, 30, size: 18, bold: true)
            for (index, candidate) in candidates.enumerated() {
                text(candidate.summary, 500, 330 - Double(index) * 92, 720, 80, size: 15, color: Self.muted)
            }
        case .participant(let study, let participant):
            drawParticipant(study, participant, into: &list)
        case .confirm(let question, _, _, _):
            text(question, 240, 400, 800, 200, size: 24, alignment: .center)
        case .selfCheck(let study, let lines):
            text("Self-check: \(study.name)", 60, 660, 1100, 50, size: 26, bold: true)
            for (line, box) in Self.selfCheckRows(lines) {
                text(line, box.left, box.bottom, box.width, box.height, size: Self.selfCheckPointSize,
                     color: Self.standsInTheWay(line) ? Self.warning : Self.ink)
            }
        case .problem(let problem):
            text("That could not be done", 60, 660, 1100, 50, size: 26, bold: true)
            text(problem, 60, 300, 1160, 320, size: 18, color: Self.warning)
        }
        for button in buttons(at: now) {
            let fill = !button.enabled ? Color(203, 213, 225) : button.primary ? Self.accent : .white
            list.fill(button.box, fill)
            list.stroke(button.box, button.enabled ? Self.muted : Color(148, 163, 184), lineWidth: 2)
            Self.text(button.label, button.box.left + 8, button.box.bottom, button.box.width - 16, button.box.height, size: button.label.count == 1 ? 26 : 18,
                      color: button.primary && button.enabled ? .white : Self.ink, alignment: .center, into: &list)
        }
        return list
    }

    static let selfCheckPointSize = 14.0

    /// Where each self-check line goes, top down: a long line wraps onto rows of its own at the
    /// others' size, rather than shrinking to one row; the latest lines are kept when they do
    /// not all fit above the buttons.
    static func selfCheckRows(_ lines: [String]) -> [(line: String, box: Rect)] {
        let (left, width, top, lowest, gap) = (60.0, 1160.0, 648.0, 130.0, 4.0)
        var kept: [(String, Double)] = []
        var used = 0.0
        for line in lines.reversed() {
            let height = max(TextMetrics.wrappedHeight(line, pointSize: selfCheckPointSize, width: width),
                             TextMetrics.height(lines: 1, pointSize: selfCheckPointSize)) + 2
            guard used + height <= top - lowest else { break }
            kept.insert((line, height), at: 0)
            used += height + gap
        }
        var bottom = top
        return kept.map { line, height in
            bottom -= height
            defer { bottom -= gap }
            return (line, Rect(left: left, bottom: bottom, width: width, height: height))
        }
    }

    /// A self-check line staff must act on: a failure, or a kiosk without a timing certificate
    /// that stands, by age or display (the lines are the batch's own words, `labkiosk:
    /// self-check: FAIL …`).
    private static func standsInTheWay(_ line: String) -> Bool {
        ["FAIL ", "failed", "no timing certificate", "timing certificate expired", "not valid for this display"].contains { line.contains($0) }
    }

    /// Every text of the desk is drawn whole (``TextFit``): wrapped or smaller rather than cut.
    private static func text(_ string: String, _ left: Double, _ bottom: Double, _ width: Double, _ height: Double, size: Double,
                             color: Color = ink, bold: Bool = false, alignment: TextStyle.Alignment = .left, into list: inout DrawList) {
        let box = Rect(left: left, bottom: bottom, width: width, height: height)
        let fitted = TextFit.style(for: string, in: box, pointSize: size, bold: bold)
        list.text(string, in: box, TextStyle(pointSize: fitted.pointSize, color: color, bold: bold, alignment: alignment, wraps: fitted.wraps))
    }

    private func drawParticipant(_ study: DeskStudy, _ participant: DeskParticipant, into list: inout DrawList) {
        func text(_ string: String, _ left: Double, _ bottom: Double, _ width: Double, _ height: Double, _ size: Double, _ color: Color,
                  _ bold: Bool) {
            Self.text(string, left, bottom, width, height, size: size, color: color, bold: bold, into: &list)
        }
        text("\(participant.id) · \(study.name)", 60, 660, 1100, 50, 26, Self.ink, true)
        if let held = participant.heldBy {
            Self.text(held, 60, 380, 1160, 260, size: 18, color: Self.warning, into: &list)
            return
        }
        let standing: String
        if let entry = participant.entry {
            standing = "Registered \(entry.registered)" + (entry.notes.isEmpty ? "" : " · \(entry.notes)")
                + (entry.withdrawal.map { " · WITHDRAWN \($0.time), recorded by \($0.by)" } ?? "")
        } else {
            standing = "New participant: the first visit registers them."
        }
        // Staff should know how fresh the lab's roster is that this page joins the kiosk's own with.
        let lab = participant.labRosterPulled.map { " · with the lab's roster of \($0)" } ?? ""
        let unattended = participant.consentNotAsked.map { " · consent not asked at \($0) (unattended)" } ?? ""
        text(standing + lab + unattended, 60, 620, 1160, 34, 16,
             participant.entry?.withdrawal == nil && participant.consentNotAsked == nil ? Self.muted : Self.warning, false)
        // A withdrawn participant's visits still to come are not early or overdue: none will run.
        let withdrawn = participant.entry?.withdrawal != nil
        let rows: [(String, String)] = participant.schedule.map { $0.statuses.map { status in
            let ended = { if case .done = status.state { true } else if case .declined = status.state { true } else { false } }()
            return ("\(status.visit.name) (day \(status.visit.day))", withdrawn && !ended ? "withdrawn: no visit starts" : status.text)
        } }
            ?? [("session", participant.session.map { "\($0.rawValue)" } ?? "not started")]
        for (row, (name, state)) in rows.enumerated() {
            let bottom = 560 - Double(row) * 64
            list.fill(Rect(left: 60, bottom: bottom, width: 1160, height: 56), .white)
            text(name, 80, bottom, 320, 56, 18, Self.ink, true)
            text(state, 400, bottom, 490, 56, 16, Self.muted, false)
        }
        let top = 560 - Double(rows.count) * 64 - 20
        guard !participant.history.isEmpty else { return }
        // The table on the left; the plot on the right, above the page's buttons.
        let plot = DeskHistoryPlot(participant.history)
        let tableWidth = plot == nil ? 1160.0 : 620
        text("History", 60, top - 30, 400, 30, 18, Self.ink, true)
        // The latest rows that fit above the page's buttons, each its block (two lines at most) and its figures.
        let fitting = max(1, Int((top - 40 - 120) / 50))
        for (row, entry) in participant.history.suffix(fitting).enumerated() {
            let figures = entry.figures.map { "\($0.name) \($0.value)" }.joined(separator: " · ")
            let y = top - 40 - Double(row) * 50
            text("\(entry.date)  \(entry.visit)  \(entry.block)", 60, y - 32, tableWidth, 32, 13, Self.ink, false)
            text(figures, 76, y - 48, tableWidth - 16, 16, 12, Self.muted, false)
        }
        if let plot, top - 130 > 120 {
            plot.draw(in: Rect(left: 700, bottom: 130, width: 520, height: top - 130), ink: Self.ink, muted: Self.muted, accent: Self.accent, into: &list)
        }
    }
}
