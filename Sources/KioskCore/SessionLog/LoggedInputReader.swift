/// Reads back, from a session log's rows, every input the session received, in order
/// (docs/verify.md: what a log holds).
///
/// Rows the session derived from an input are left out, since re-running the input
/// produces them again: the stick rows a finger on the on-screen stick produced (they
/// precede that pointer's own row, with its timestamp), and the note that the on-screen
/// stick took over from an unplugged joystick.
public enum LoggedInputReader {
    /// The inputs of `rows` (a whole log's rows, header included), in log order.
    public static func inputs(in rows: [SessionLogRow]) -> [LoggedInput] {
        let shellRows = SessionLogHeader(rows: rows).shellRows
        var inputs: [LoggedInput] = []
        var stick = (x: 0.0, y: 0.0)
        var index = 0
        var quitFound = false

        // The display's `presented` rows, wherever they fall, are the shell's too.
        let presented = rows.indices.filter { MATBPresentedOnsets.isPresentationRow(type: rows[$0].type, module: rows[$0].module) }
        /// The index among the rows the session wrote, which leave out the shell's.
        func sessionRow(_ index: Int) -> Int {
            var (low, high) = (0, presented.count)
            while low < high {
                let middle = (low + high) / 2
                if presented[middle] < index { low = middle + 1 } else { high = middle }
            }
            return (index >= shellRows.upperBound ? index - shellRows.count : index) - low
        }
        var lastRow = 0

        func arrival(_ row: SessionLogRow) -> MonotonicTime {
            SessionLogClock.monotonicTime(row.logtime) ?? MonotonicTime(nanoseconds: 0)
        }
        /// An input's own row follows the rows it caused, which carry its timestamp.
        func firstRowCaused(by rowIndex: Int) -> Int {
            var first = rowIndex
            while first - 1 > max(lastRow, shellRows.upperBound - 1), sameArrival(rows[first - 1], rows[rowIndex]) { first -= 1 }
            return first
        }
        func sameArrival(_ a: SessionLogRow, _ b: SessionLogRow) -> Bool {
            a.logtime == b.logtime && a.scenarioTime == b.scenarioTime
        }
        /// Appends payloads to the last input when they arrived with it, else starts a new one.
        func add(_ payloads: [InputEvent.Payload], at rowIndex: Int) {
            guard let time = rows[rowIndex].scenarioClock else { return }
            defer { lastRow = rowIndex }
            if let last = inputs.last, case .inputs(let earlier) = last.action, sameArrival(rows[lastRow], rows[rowIndex]) {
                inputs[inputs.count - 1].action = .inputs(earlier + payloads)
            } else {
                inputs.append(LoggedInput(time: time, logtime: arrival(rows[rowIndex]), action: .inputs(payloads),
                                          rowIndex: sessionRow(firstRowCaused(by: rowIndex))))
            }
        }

        while index < rows.count {
            let row = rows[index]
            defer { index += 1 }
            switch (row.type, row.module) {
            case ("input", "keyboard"):
                switch row.value {
                case "press": add([.keyPress(row.address)], at: index)
                case "release": add([.keyRelease(row.address)], at: index)
                default: break
                }
            case ("input", "Joystick"):
                if row.value == "press" || row.value == "release" {
                    add([.joystickButton(row.address, pressed: row.value == "press")], at: index)
                }
            case ("input", "joystick"):
                // One stick event logs x and/or y: read both before deciding.
                var axes = stick
                var last = index
                while last < rows.count, rows[last].type == "input", rows[last].module == "joystick", sameArrival(rows[last], row) {
                    if let value = rows[last].number {
                        if rows[last].address == "x" { axes.x = value } else if rows[last].address == "y" { axes.y = value }
                    }
                    last += 1
                }
                stick = axes
                let fromOnScreenStick = last < rows.count && sameArrival(rows[last], row) && pointer(rows[last]) != nil
                if !fromOnScreenStick { add([.joystickAxes(x: axes.x, y: axes.y)], at: index) }
                index = last - 1
            case ("input", MATBBlock.streamInputModule):
                // A sample's value row, then its stream-time row, and its taken-time row if it came late.
                guard !row.address.hasSuffix(".time"), !row.address.hasSuffix(".taken"), let value = Double(row.value) else { break }
                func following(_ offset: Int, _ suffix: String) -> Double? {
                    index + offset < rows.count && rows[index + offset].address == row.address + suffix ? Double(rows[index + offset].value) : nil
                }
                let taken = following(2, ".taken").map { ScenarioTime(nanoseconds: Int64(($0 * 1e6).rounded()) * 1000) }
                add([.streamSample(InputEvent.StreamSample(stream: row.address, value: value, streamTime: following(1, ".time") ?? 0, takenAt: taken))],
                    at: index)
            case ("input", _):
                if let payload = pointer(row) { add([payload], at: index) }
            case ("manual", ""):
                if let notice = joystickNotice(row.value) {
                    add([.joystickDevice(notice)], at: index)
                } else if row.value.hasPrefix(dismissalPrefix), let time = row.scenarioClock {
                    // One dismissal moves past every blocking screen, each with its own row.
                    let previous = index > 0 ? rows[index - 1] : nil
                    if !(previous.map { $0.value.hasPrefix(dismissalPrefix) && sameArrival($0, row) } ?? false) {
                        inputs.append(LoggedInput(time: time, logtime: arrival(row), action: .dismissWaitingScreen, rowIndex: sessionRow(index)))
                    }
                } else if row.value == "end", !quitFound, let time = row.scenarioClock {
                    // The tasks' stop rows come before the end row.
                    inputs.append(LoggedInput(time: time, logtime: arrival(row), action: .quit, rowIndex: sessionRow(firstRowCaused(by: index))))
                    quitFound = true
                }
            case ("dialog", _):
                guard let time = row.scenarioClock else { break }
                if index > 0, rows[index - 1].value.hasPrefix(dismissalPrefix), sameArrival(rows[index - 1], row) { break }
                // What closed the dialog arrived with this row's timestamp: a tap (its own
                // row follows, and re-running it closes the dialog), Exit or Q (the session's
                // end follows), or a key or button (nothing else shows it).
                var next = index + 1
                var closing: LoggedInput.Action? = .closeDialog
                while next < rows.count && rows[next].logtime == row.logtime {
                    if rows[next].type == "input", pointer(rows[next]) != nil { closing = nil; break }
                    if rows[next].type == "manual", rows[next].module.isEmpty, rows[next].value == "end" { closing = .quit; break }
                    next += 1
                }
                if let closing {
                    inputs.append(LoggedInput(time: time, logtime: arrival(row), action: closing, rowIndex: sessionRow(index)))
                    if closing == .quit { quitFound = true }
                }
            default:
                break
            }
        }
        return inputs
    }

    /// How the `manual` rows of ``MATBBlock/dismissWaitingScreen(at:)`` begin.
    static let dismissalPrefix = "labkiosk: dismissed "

    /// A pointer row (`input,touch|mouse|pen,…`) as the pointer event it logged.
    static func pointer(_ row: SessionLogRow) -> InputEvent.Payload? {
        guard row.type == "input", let point = point(row.value) else { return nil }
        let parts = row.address.split(separator: ", ", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let name = parts[0], action = parts[1]
        let pointer: InputEvent.Pointer
        switch row.module {
        case "mouse" where name == "button_1" || name == "hover":
            pointer = .mouse
        case "touch" where name.hasPrefix("finger_"):
            guard let id = Int64(name.dropFirst("finger_".count)) else { return nil }
            pointer = .finger(id)
        case "pen" where name.hasPrefix("pen_"):
            guard let id = Int64(name.dropFirst("pen_".count)) else { return nil }
            pointer = .pen(id)
        case "pen" where name.hasPrefix("eraser_"):
            guard let id = Int64(name.dropFirst("eraser_".count)) else { return nil }
            pointer = .eraser(id)
        default:
            return nil
        }
        switch action {
        case "press": return .pointerDown(point, pointer)
        case "move": return .pointerMove(point, pointer)
        case "release": return .pointerUp(point, pointer)
        default: return nil
        }
    }

    /// `(x, y)` as a point.
    static func point(_ text: String) -> Point? {
        guard text.hasPrefix("("), text.hasSuffix(")") else { return nil }
        let numbers = text.dropFirst().dropLast().split(separator: ",").map { Double($0.trimmingSpacesAndTabs()) }
        guard numbers.count == 2, let x = numbers[0], let y = numbers[1] else { return nil }
        return Point(x, y)
    }

    /// A joystick notice's `manual` row (`labkiosk: joystick connected: Pad (/dev/input/event5)`)
    /// as the notice; its device is everything up to the node's closing parenthesis.
    static func joystickNotice(_ text: String) -> JoystickDeviceNotice? {
        let prefix = "labkiosk: joystick "
        guard text.hasPrefix(prefix) else { return nil }
        let rest = text.dropFirst(prefix.count)
        guard let colon = rest.firstRange(of: ": "), let kind = JoystickDeviceNotice.Kind(rawValue: String(rest[..<colon.lowerBound])) else { return nil }
        let described = rest[colon.upperBound...]
        if let end = described.firstRange(of: "): ") {
            return JoystickDeviceNotice(kind, device: String(described[..<end.lowerBound]) + ")", detail: String(described[end.upperBound...]))
        }
        return JoystickDeviceNotice(kind, device: String(described))
    }
}
