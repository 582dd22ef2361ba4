/// A kiosk's timing certificate (docs/timing.md): the figures of a `timing` run that stood,
/// with what they were measured on — the kiosk, the labkiosk release, the display's mode and
/// the path by which the display reported each frame — so that a study can ask for one and a
/// lab can read what its kiosks' onsets are worth.
///
/// Only a run without a problem makes one (``init(summary:problems:onsetClock:…)`` is nil
/// otherwise): a run that saw no light, saw flicker, missed flashes, was stopped, or ran on a
/// display that reports no presentation never becomes a certificate.
public struct TimingCertificate: Hashable, Sendable {
    /// When the run ended, local time, as journals write it: `2026-11-29 04:33:10`.
    public var made: String
    public var kiosk: String
    public var version: String
    public var width: Int
    public var height: Int
    /// The refresh period the display reported during the run.
    public var refreshMilliseconds: Double
    /// How the display reported each frame: `X11 Present`, `Wayland presentation-time (…)`.
    public var displayPath: String
    /// The compositor or desktop the session named (`XDG_CURRENT_DESKTOP`), or what was known of the display.
    public var compositor: String
    public var sensor: String
    public var patch: TimingPatch
    public var flashes: Int
    /// Light on minus the logged onset.
    public var onset: TimingSummary.Spread
    /// Light duration minus the frames asked for.
    public var duration: TimingSummary.Spread?
    /// Light on minus the frame's start.
    public var frameStart: TimingSummary.Spread?
    /// A "virtual human" button box's answers, when one answered the flashes.
    public var responses: Responses?

    /// What a response device pressing a known delay after light made of the flashes: the
    /// error of a response time measured from the logged onset.
    public struct Responses: Hashable, Sendable {
        /// The device as the run named it.
        public var device: String
        /// Its delay after light, in ms, as set on it.
        public var delayMilliseconds: Double
        /// Flashes it answered.
        public var answered: Int
        /// The press minus the logged onset, minus the delay.
        public var time: TimingSummary.Spread

        public init(device: String, delayMilliseconds: Double, answered: Int, time: TimingSummary.Spread) {
            self.device = device
            self.delayMilliseconds = delayMilliseconds
            self.answered = answered
            self.time = time
        }
    }

    /// The name of the file beside a run's summary that holds its certificate.
    public static let fileSuffix = "_timing_certificate.txt"
    static let firstLine = "labkiosk timing certificate"

    public init(made: String, kiosk: String, version: String, width: Int, height: Int, refreshMilliseconds: Double, displayPath: String,
                compositor: String, sensor: String, patch: TimingPatch, flashes: Int, onset: TimingSummary.Spread,
                duration: TimingSummary.Spread?, frameStart: TimingSummary.Spread?, responses: Responses? = nil) {
        self.made = made
        self.kiosk = kiosk
        self.version = version
        self.width = width
        self.height = height
        self.refreshMilliseconds = refreshMilliseconds
        self.displayPath = displayPath
        self.compositor = compositor
        self.sensor = sensor
        self.patch = patch
        self.flashes = flashes
        self.onset = onset
        self.duration = duration
        self.frameStart = frameStart
        self.responses = responses
    }

    /// The certificate of a finished run, or nil when its figures do not stand: any problem,
    /// an onset clock other than the display's, no refresh reported, no onset measured.
    /// `responseDevice` names the device whose answers the summary holds, when one answered.
    public init?(summary: TimingSummary, problems: [String], onsetClock: OnsetClock, patch: TimingPatch?, made: String, kiosk: String,
                 version: String, width: Int, height: Int, displayPath: String, compositor: String, sensor: String, responseDevice: String? = nil) {
        guard problems.isEmpty, onsetClock == .displayPresented, let refresh = summary.refreshMilliseconds, let onset = summary.onset,
              let patch, summary.measured == summary.flashes, summary.flickering == 0 else { return nil }
        let responses = responseDevice.flatMap { device in
            summary.responseDelayMilliseconds.flatMap { delay in
                summary.responseTime.map { Responses(device: device, delayMilliseconds: delay, answered: summary.answered, time: $0) }
            }
        }
        self.init(made: made, kiosk: kiosk, version: version, width: width, height: height, refreshMilliseconds: refresh,
                  displayPath: displayPath, compositor: compositor, sensor: sensor, patch: patch, flashes: summary.flashes, onset: onset,
                  duration: summary.duration, frameStart: summary.softwareOnset, responses: responses)
    }

    /// The day it was made.
    public var date: CalendarDate? { CalendarDate(parsing: made) }

    /// The display mode as people say it: `1920×1080 at 60.00 Hz`.
    public var displayMode: String {
        "\(width)×\(height) at \(TabSeparated.decimal(1000 / refreshMilliseconds, places: 2)) Hz"
    }

    /// Whole days from the day it was made to `today`.
    public func age(on today: CalendarDate) -> Int? { date.map { $0.days(to: today) } }

    /// One line for a self-check or a listing: the onset figures, the response time's when a
    /// device answered, and the display.
    public var briefly: String {
        "visual onset lag \(Self.ms(onset.mean)) ms, var \(Self.ms(onset.standardDeviation)) ms, |p99| \(Self.ms(onset.p99Absolute)) ms; "
            + (responseTimeBriefly.map { $0 + "; " } ?? "") + "\(displayMode), \(displayPath)"
    }

    /// The response time's error in one phrase, when a device answered:
    /// `response time lag -1.067 ms, var 4.213 ms, |p99| 9.120 ms (20 answered)`.
    public var responseTimeBriefly: String? {
        responses.map {
            "response time lag \(Self.ms($0.time.mean)) ms, var \(Self.ms($0.time.standardDeviation)) ms, |p99| \(Self.ms($0.time.p99Absolute)) ms "
                + "(\($0.answered) answered)"
        }
    }

    // MARK: - The file

    /// The file's text: one `name: value` line each.
    public var text: String {
        var lines = [
            Self.firstLine,
            "made: \(made)",
            "kiosk: \(Self.oneLine(kiosk))",
            "version: \(Self.oneLine(version))",
            "display: \(width)x\(height)",
            "refresh: \(TabSeparated.decimal(refreshMilliseconds, places: 4)) ms",
            "display path: \(Self.oneLine(displayPath))",
            "compositor: \(Self.oneLine(compositor))",
            "sensor: \(Self.oneLine(sensor))",
            "patch: \(patch.x),\(patch.y) \(patch.size)",
            "flashes: \(flashes)",
            "visual onset: \(Self.spreadText(onset))",
        ]
        if let duration { lines.append("visual duration: \(Self.spreadText(duration))") }
        if let frameStart { lines.append("frame start: \(Self.spreadText(frameStart))") }
        if let responses {
            lines += [
                "response device: \(Self.oneLine(responses.device))",
                "response delay: \(Self.ms(responses.delayMilliseconds)) ms",
                "responses: \(responses.answered) of \(flashes) flashes answered",
                "response time: \(Self.spreadText(responses.time))",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a certificate file (`file` names it in the problems), every problem with its line.
    public static func read(_ text: String, file: String) -> Result<TimingCertificate, ScenarioErrors> {
        var problems: [ScenarioDiagnostic] = []
        func problem(_ line: Int, _ column: Int, _ message: String) {
            problems.append(ScenarioDiagnostic(file: file, line: line, column: column, severity: .error, message: message))
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == firstLine else {
            return .failure(ScenarioErrors(diagnostics: [ScenarioDiagnostic(file: file, line: 1, column: 1, severity: .error,
                                                                            message: "not a timing certificate: its first line is `\(firstLine)`")]))
        }
        var values: [String: (value: String, line: Int, column: Int)] = [:]
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":"), line[colon...].hasPrefix(": ") else {
                problem(offset + 1, 1, "expected `name: value`")
                continue
            }
            let name = String(line[..<colon])
            guard keys.contains(name) else {
                problem(offset + 1, 1, "unknown line `\(name)`; a timing certificate has \(keys.joined(separator: ", "))")
                continue
            }
            values[name] = (String(line[colon...].dropFirst(2)), offset + 1, name.count + 3)
        }
        func required(_ name: String) -> (value: String, line: Int, column: Int)? {
            guard let found = values[name] else {
                problem(lines.count, 1, "no `\(name):` line")
                return nil
            }
            return found
        }
        func number<T: LosslessStringConvertible>(_ name: String, _ text: String?, _ what: String, as _: T.Type) -> T? {
            guard let found = values[name] else { return nil }
            guard let text, let value = T(text) else {
                problem(found.line, found.column, "`\(name)` is \(what); got \(found.value)")
                return nil
            }
            return value
        }
        func spread(_ name: String) -> TimingSummary.Spread? {
            guard let found = values[name] else { return nil }
            guard let value = parseSpread(found.value) else {
                problem(found.line, found.column, "`\(name)` is `lag L ms, var V ms, |p99| P ms over N`; got \(found.value)")
                return nil
            }
            return value
        }
        let made = required("made")
        if let made, made.value.count != 19 || CalendarDate(parsing: made.value) == nil {
            problem(made.line, made.column, "`made` is a local date and time, yyyy-MM-dd HH:mm:ss; got \(made.value)")
        }
        let kiosk = required("kiosk"), version = required("version"), displayPath = required("display path")
        let compositor = required("compositor"), sensor = required("sensor")
        let display = required("display").map { $0.value.split(separator: "x").map(String.init) }
        let width = number("display", display?.first, "WIDTHxHEIGHT in pixels", as: Int.self)
        let height = width == nil ? nil : number("display", display?.count == 2 ? display?[1] : nil, "WIDTHxHEIGHT in pixels", as: Int.self)
        let refresh = required("refresh").flatMap { found in
            number("refresh", found.value.hasSuffix(" ms") ? String(found.value.dropLast(3)) : nil, "a period in ms (`16.6667 ms`)", as: Double.self)
        }.flatMap { period -> Double? in
            guard period.isFinite, period > 0 else {
                problem(values["refresh"]?.line ?? 1, values["refresh"]?.column ?? 1, "`refresh` is a period in ms greater than 0")
                return nil
            }
            return period
        }
        let patchParts = required("patch").map { $0.value.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init) }
        let patchNumbers = patchParts.flatMap { parts in parts.count == 3 ? parts.compactMap { Int($0) } : nil }
        if let found = values["patch"], patchNumbers?.count != 3 { problem(found.line, found.column, "`patch` is `X,Y SIZE` in pixels; got \(found.value)") }
        let flashes = required("flashes").flatMap { number("flashes", $0.value, "a whole number", as: Int.self) }
        _ = required("visual onset")
        let onset = spread("visual onset"), duration = spread("visual duration"), frameStart = spread("frame start")
        let responses = readResponses(values, flashes: flashes, spread: spread, problem: problem)
        guard problems.isEmpty, let made, let kiosk, let version, let displayPath, let compositor, let sensor, let width, let height,
              let refresh, let patchNumbers, let flashes, let onset else {
            return .failure(ScenarioErrors(diagnostics: problems))
        }
        return .success(TimingCertificate(made: made.value, kiosk: kiosk.value, version: version.value, width: width, height: height,
                                          refreshMilliseconds: refresh, displayPath: displayPath.value, compositor: compositor.value,
                                          sensor: sensor.value, patch: TimingPatch(x: patchNumbers[0], y: patchNumbers[1], size: patchNumbers[2]),
                                          flashes: flashes, onset: onset, duration: duration, frameStart: frameStart, responses: responses))
    }

    /// The response device's lines, all four or none: a certificate made before they were
    /// written, or from a run without a device, has none.
    private static func readResponses(_ values: [String: (value: String, line: Int, column: Int)], flashes: Int?,
                                      spread: (String) -> TimingSummary.Spread?, problem: (Int, Int, String) -> Void) -> Responses? {
        let given = responseKeys.compactMap { name in values[name].map { (name, $0) } }
        guard let first = given.first else { return nil }
        guard given.count == responseKeys.count, let device = values["response device"], let delayLine = values["response delay"],
              let answeredLine = values["responses"] else {
            let missing = responseKeys.filter { values[$0] == nil }.map { "`\($0):`" }
            problem(first.1.line, 1, "the response device's lines go together: no \(missing.joined(separator: ", ")) line")
            return nil
        }
        var delay = delayLine.value.hasSuffix(" ms") ? Double(delayLine.value.dropLast(3)) : nil
        if let milliseconds = delay, !(milliseconds.isFinite && milliseconds >= 0) { delay = nil }
        if delay == nil {
            problem(delayLine.line, delayLine.column, "`response delay` is the device's delay after light in ms (`120.000 ms`); got \(delayLine.value)")
        }
        let words = answeredLine.value.split(separator: " ", omittingEmptySubsequences: false)
        var answered: Int?
        if words.count == 5, words[1] == "of", words[3] == "flashes", words[4] == "answered", let count = Int(words[0]), let of = Int(words[2]),
           of >= 0, (0...of).contains(count), of == flashes {
            answered = count
        } else {
            problem(answeredLine.line, answeredLine.column,
                    "`responses` is `N of \(flashes.map(String.init) ?? "FLASHES") flashes answered`, N no more than the flashes; got \(answeredLine.value)")
        }
        guard let delay, let answered, let time = spread("response time") else { return nil }
        return Responses(device: device.value, delayMilliseconds: delay, answered: answered, time: time)
    }

    private static let responseKeys = ["response device", "response delay", "responses", "response time"]
    private static let keys = ["made", "kiosk", "version", "display", "refresh", "display path", "compositor", "sensor", "patch", "flashes",
                               "visual onset", "visual duration", "frame start"] + responseKeys

    private static func ms(_ value: Double) -> String { TabSeparated.decimal(value, places: 3) }

    private static func spreadText(_ spread: TimingSummary.Spread) -> String {
        "lag \(ms(spread.mean)) ms, var \(ms(spread.standardDeviation)) ms, |p99| \(ms(spread.p99Absolute)) ms over \(spread.count)"
    }

    private static func parseSpread(_ text: String) -> TimingSummary.Spread? {
        let words = text.split(separator: " ").map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
        guard words.count == 11, words[0] == "lag", words[2] == "ms", words[3] == "var", words[5] == "ms", words[6] == "|p99|",
              words[8] == "ms", words[9] == "over", let mean = Double(words[1]), let sd = Double(words[4]), let p99 = Double(words[7]),
              let count = Int(words[10]), count > 0, mean.isFinite, sd.isFinite, p99.isFinite else { return nil }
        return TimingSummary.Spread(count: count, mean: mean, standardDeviation: sd, p99Absolute: p99)
    }

    /// A value kept to its line: a newline in a device's or a kiosk's name cannot add a line.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
