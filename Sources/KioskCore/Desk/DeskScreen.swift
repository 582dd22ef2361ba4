/// The front desk (`labkiosk desk`, docs/desk.md): the kiosk's home screen between sessions.
/// Locked it shows the lab's name and asks the participant to call the experimenter; staff
/// unlock it with the PIN on its pad (or the experimenter chord), choose a study, type or scan
/// the participant's ID on large keys, see their visits and start, resume or repeat one.
///
/// It is the desk's whole behaviour, with no clock, file or window of its own: the shell hands
/// it the time and the inputs, answers its ``DeskRequest``s, and draws ``drawList(at:)`` only
/// when ``version`` has changed, so that an idle desk costs next to nothing.
public struct DeskScreen {
    public static let canvas = Canvas(width: 1280, height: 800)
    /// An unlocked desk nobody touches locks itself again after this long.
    public static let idleLockSeconds = 120.0

    indirect enum Page: Hashable {
        case locked
        case pin
        case studies
        case enterID(DeskStudy)
        case didYouMean(DeskStudy, typed: String, candidates: [DeskParticipant])
        case participant(DeskStudy, DeskParticipant)
        case confirm(question: String, yes: String, then: DeskRequest, back: Page)
        case selfCheck(DeskStudy, lines: [String])
        /// What went wrong answering staff's last request, and what they can do.
        case problem(String)
    }

    public let labName: String
    public private(set) var studies: [DeskStudy]
    /// Each study's registered participants, for "did you mean".
    private var registered: [String: [String]]
    /// Today's sessions on this kiosk, one line each, for the studies page.
    var today: [String]
    /// Lines of the roster's files that could not be read, each with its file and line.
    public private(set) var rosterProblems: [String] = []
    /// What staff should know when they next unlock: how the last batch ended.
    public private(set) var notice: String?
    var page = Page.locked
    var pinPad = DeskPINPad()
    var typedID = ""
    var idMessage = ""
    private var shiftHeld = false
    /// The experimenter chord, unless the lab turned it off (`unlock_chord = false`).
    private var chord: StaffExit?
    private let verifyPIN: @Sendable (String) -> Bool
    private var lastInput = MonotonicTime(nanoseconds: 0)
    private var requests: [DeskRequest] = []
    /// Changes whenever what the screen shows changes.
    public private(set) var version = 0
    private var shownCountdown = -1

    /// - Parameters:
    ///   - verifyPIN: whether a typed PIN is the staff PIN (the shell checks its stored hash).
    ///   - chord: the experimenter chord, which unlocks as the PIN does; nil when only the PIN does.
    public init(labName: String, studies: [DeskStudy], registered: [String: [String]] = [:], today: [String] = [],
                chord: StaffExit? = StaffExit(), verifyPIN: @escaping @Sendable (String) -> Bool) {
        self.labName = labName
        self.studies = studies
        self.registered = registered
        self.today = today
        self.chord = chord.map { StaffExit(chord: $0.chord) }
        self.verifyPIN = verifyPIN
    }

    public var isLocked: Bool { page == .locked || page == .pin }

    /// What the shell should do, in order; each is handed over once.
    public mutating func takeRequests() -> [DeskRequest] {
        defer { requests = [] }
        return requests
    }

    // MARK: - What the shell tells it

    /// The studies, registrations and today's sessions, read again (after a batch, on unlock).
    public mutating func refresh(studies: [DeskStudy], registered: [String: [String]], today: [String], rosterProblems: [String] = []) {
        self.studies = studies
        self.registered = registered
        self.today = today
        self.rosterProblems = rosterProblems
        changed()
    }

    /// The answer to a ``DeskRequest/lookUp(study:participant:)`` or a withdrawal.
    public mutating func show(_ participant: DeskParticipant, of study: DeskStudy) {
        guard !isLocked else { return }
        page = .participant(study, participant)
        changed()
    }

    public mutating func showSelfCheck(_ lines: [String], of study: DeskStudy) {
        guard !isLocked else { return }
        page = .selfCheck(study, lines: lines)
        changed()
    }

    /// The answer to a ``DeskRequest/lookUpNearMisses(study:typed:candidates:)``: who the
    /// registered participants are that `typed` may be a slip for.
    public mutating func askDidYouMean(_ candidates: [DeskParticipant], typed: String, of study: DeskStudy) {
        guard !isLocked else { return }
        page = .didYouMean(study, typed: typed, candidates: candidates)
        changed()
    }

    /// What went wrong with staff's last request; the desk goes on from the studies page.
    public mutating func showProblem(_ text: String) {
        guard !isLocked else { return }
        page = .problem(text)
        changed()
    }

    /// The PIN pad's wrong tries and lockout, for the shell to keep across a restart.
    public func pinMemory(at now: MonotonicTime) -> DeskPINPad.Memory { pinPad.memory(at: now) }

    /// What a restart would have lost of the PIN pad's wrong tries and lockout.
    public mutating func restorePIN(_ memory: DeskPINPad.Memory, at now: MonotonicTime) {
        pinPad.restore(memory, at: now)
        changed()
    }

    /// Back to the locked screen after a batch, with what staff should read when they unlock.
    public mutating func lock(notice: String?) {
        self.notice = notice
        lockNow()
    }

    // MARK: - Time and inputs

    /// When the shell should wake the desk even if nothing happens: the lockout's next second,
    /// or the moment an idle unlocked desk locks itself.
    public func nextWake(after now: MonotonicTime) -> MonotonicTime? {
        if page == .pin, pinPad.isLockedOut(at: now) { return MonotonicTime(nanoseconds: now.nanoseconds + 250_000_000) }
        guard page != .locked else { return nil }
        return MonotonicTime(nanoseconds: lastInput.nanoseconds + Int64(Self.idleLockSeconds * 1e9))
    }

    public mutating func advance(to now: MonotonicTime, inputs: [InputEvent]) {
        for input in inputs {
            if chord?.observe(input) == true, isLocked {
                requests.append(.log("unlocked with the experimenter chord"))
                unlock(at: now)
                continue
            }
            switch input.payload {
            case .keyPress(let name): lastInput = now; key(name, at: now)
            case .keyRelease(let name) where name == "LSHIFT" || name == "RSHIFT": shiftHeld = false
            case .pointerUp(let point, _): lastInput = now; tap(point, at: now)
            default: break
            }
        }
        if page != .locked, Double(now.since(lastInput)) / 1e9 >= Self.idleLockSeconds {
            requests.append(.log("locked after \(Int(Self.idleLockSeconds)) s untouched"))
            lockNow()
        }
        if page == .pin {
            let countdown = pinPad.secondsLocked(at: now)
            if countdown != shownCountdown {
                shownCountdown = countdown
                changed()
            }
        }
    }

    private mutating func changed() { version &+= 1 }

    private mutating func lockNow() {
        page = .locked
        pinPad.clear()
        typedID = ""
        idMessage = ""
        changed()
    }

    private mutating func unlock(at now: MonotonicTime) {
        page = .studies
        pinPad.clear()
        lastInput = now
        changed()
    }

    private mutating func key(_ name: String, at now: MonotonicTime) {
        if name == "LSHIFT" || name == "RSHIFT" { shiftHeld = true; return }
        switch page {
        case .locked:
            if Self.digit(name) != nil || name == "ENTER" { page = .pin; pinKey(name, at: now) }
        case .pin:
            if name == "ESCAPE" { lockNow() } else { pinKey(name, at: now) }
        case .enterID:
            idKey(name)
        case .studies:
            // A staff keyboard: the study's number chooses it.
            if let number = Self.digit(name).flatMap({ Int(String($0)) }),
               let button = buttons(at: now).first(where: { $0.action == .study(number - 1) && $0.enabled }) {
                perform(button.action, at: now)
            } else if name == "ESCAPE" { back() }
        case .participant, .confirm:
            // Enter does what the highlighted button does (Start, Resume, Yes).
            if name == "ENTER" || name == "NUM_ENTER", let button = buttons(at: now).first(where: { $0.primary && $0.enabled }) {
                perform(button.action, at: now)
            } else if name == "ESCAPE" { back() }
        case .didYouMean:
            // Enter takes the highlighted button: someone new, never a registered participant.
            if name == "ENTER" || name == "NUM_ENTER", let button = buttons(at: now).first(where: { $0.primary && $0.enabled }) {
                perform(button.action, at: now)
            } else if name == "ESCAPE" { back() }
        case .selfCheck, .problem:
            if name == "ESCAPE" { back() }
        }
        changed()
    }

    private mutating func pinKey(_ name: String, at now: MonotonicTime) {
        if let digit = Self.digit(name) {
            pinPad.type(digit, at: now)
        } else if name == "BACKSPACE" {
            pinPad.erase()
        } else if name == "ENTER" || name == "NUM_ENTER" {
            submitPIN(at: now)
        }
    }

    private mutating func submitPIN(at now: MonotonicTime) {
        switch pinPad.submit(at: now, verify: verifyPIN) {
        case .unlocked?:
            requests.append(.log("unlocked with the PIN"))
            unlock(at: now)
        case .wrong(let lockedOut)?:
            requests.append(.log(lockedOut ? "a wrong PIN, the \(DeskPINPad.triesBeforeLockout)th in a row: the PIN pad is locked for \(pinPad.secondsLocked(at: now)) s"
                                           : "a wrong PIN"))
        case nil:
            break
        }
    }

    private mutating func idKey(_ name: String) {
        switch name {
        case "BACKSPACE":
            if !typedID.isEmpty { typedID.removeLast() }
            idMessage = ""
        case "ENTER", "NUM_ENTER": submitID()
        case "ESCAPE": back()
        default:
            guard typedID.count < 256, let character = Self.character(name, shift: shiftHeld) else { return }
            typedID.append(character)
            idMessage = ""
        }
    }

    private mutating func submitID() {
        guard case .enterID(let study) = page else { return }
        if let problem = ParticipantID.problem(typedID) {
            idMessage = problem.prefix(1).uppercased() + problem.dropFirst()
            return
        }
        let known = registered[study.name] ?? []
        let misses = ParticipantID.nearMisses(of: typedID, in: known)
        if !known.contains(typedID), !misses.isEmpty {
            requests.append(.lookUpNearMisses(study: study, typed: typedID, candidates: Array(misses.prefix(4))))
            return
        }
        requests.append(.lookUp(study: study, participant: typedID))
    }

    private mutating func back() {
        switch page {
        case .locked, .pin: lockNow()
        case .studies: break
        case .enterID, .selfCheck, .problem: page = .studies
        case .didYouMean(let study, let typed, _):
            page = .enterID(study)
            typedID = typed
        case .participant(let study, _):
            page = .enterID(study)
        case .confirm(_, _, _, let back): page = back
        }
        changed()
    }

    // MARK: - Taps

    private mutating func tap(_ point: Point, at now: MonotonicTime) {
        guard let action = buttons(at: now).first(where: { $0.box.contains(x: point.x, y: point.y) && $0.enabled })?.action else {
            if page == .locked {
                page = .pin
                changed()
            }
            return
        }
        perform(action, at: now)
        changed()
    }

    enum Action: Hashable {
        case pinDigit(Character), pinErase, pinOK, pinCancel
        case study(Int), lock, selfCheck(Int)
        case key(Character), backspace, idOK, back
        case choose(String)
        case request(DeskRequest)
        case confirm(question: String, yes: String, DeskRequest)
    }

    private mutating func perform(_ action: Action, at now: MonotonicTime) {
        switch action {
        case .pinDigit(let digit): pinPad.type(digit, at: now)
        case .pinErase: pinPad.erase()
        case .pinOK: submitPIN(at: now)
        case .pinCancel: lockNow()
        case .study(let index):
            if let problem = studies[index].problem {
                page = .problem("\(studies[index].name) cannot run until its plan is corrected:\n\(problem)")
                return
            }
            typedID = ""
            idMessage = ""
            page = .enterID(studies[index])
        case .selfCheck(let index): requests.append(.selfCheck(studies[index]))
        case .lock: lockNow()
        case .key(let character):
            if typedID.count < 256 { typedID.append(character) }
            idMessage = ""
        case .backspace: if !typedID.isEmpty { typedID.removeLast() }
        case .idOK: submitID()
        case .back: back()
        case .choose(let id):
            guard case .didYouMean(let study, _, _) = page else { return }
            typedID = id
            requests.append(.lookUp(study: study, participant: id))
        case .request(let request):
            requests.append(request)
        case .confirm(let question, let yes, let request):
            page = .confirm(question: question, yes: yes, then: request, back: page)
        }
    }

    // MARK: - Keys

    /// The digit a key types, as the experimenter's PIN reads it (``StaffExit``).
    static func digit(_ name: String) -> Character? { StaffExit.digit(name)?.first }

    /// What a key types into the ID field. Scanners type as keyboards do, Shift for capitals;
    /// a space, a tab or punctuation is typed too, so that the field says why it is refused.
    static func character(_ name: String, shift: Bool) -> Character? {
        if let digit = digit(name) { return digit }
        if name.count == 1, let letter = name.first, letter.isASCII, letter.isLetter {
            return shift ? Character(letter.uppercased()) : Character(letter.lowercased())
        }
        switch name {
        case "MINUS": return shift ? "_" : "-"
        case "SPACE": return " "
        case "TAB": return "\t"
        case "PERIOD": return "."
        case "SLASH": return "/"
        case "COMMA": return ","
        default: return nil
        }
    }
}
