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

    /// The name of the file beside a run's summary that holds its certificate.
    public static let fileSuffix = "_timing_certificate.txt"
    static let firstLine = "labkiosk timing certificate"

    public init(made: String, kiosk: String, version: String, width: Int, height: Int, refreshMilliseconds: Double, displayPath: String,
                compositor: String, sensor: String, patch: TimingPatch, flashes: Int, onset: TimingSummary.Spread,
                duration: TimingSummary.Spread?, frameStart: TimingSummary.Spread?) {
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
    }

    /// The certificate of a finished run, or nil when its figures do not stand: any problem,
    /// an onset clock other than the display's, no refresh reported, no onset measured.
    public init?(summary: TimingSummary, problems: [String], onsetClock: OnsetClock, patch: TimingPatch?, made: String, kiosk: String,
                 version: String, width: Int, height: Int, displayPath: String, compositor: String, sensor: String) {
        guard problems.isEmpty, onsetClock == .displayPresented, let refresh = summary.refreshMilliseconds, let onset = summary.onset,
              let patch, summary.measured == summary.flashes, summary.flickering == 0 else { return nil }
        self.init(made: made, kiosk: kiosk, version: version, width: width, height: height, refreshMilliseconds: refresh,
                  displayPath: displayPath, compositor: compositor, sensor: sensor, patch: patch, flashes: summary.flashes, onset: onset,
                  duration: summary.duration, frameStart: summary.softwareOnset)
    }

    /// The day it was made.
    public var date: CalendarDate? { CalendarDate(parsing: made) }

    /// The display mode as people say it: `1920×1080 at 60.00 Hz`.
    public var displayMode: String {
        "\(width)×\(height) at \(TabSeparated.decimal(1000 / refreshMilliseconds, places: 2)) Hz"
    }

    /// Whole days from the day it was made to `today`.
    public func age(on today: CalendarDate) -> Int? { date.map { $0.days(to: today) } }

    /// One line for a self-check or a listing: the onset figures and the display.
    public var briefly: String {
        "visual onset lag \(Self.ms(onset.mean)) ms, var \(Self.ms(onset.standardDeviation)) ms, |p99| \(Self.ms(onset.p99Absolute)) ms; "
            + "\(displayMode), \(displayPath)"
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
        guard problems.isEmpty, let made, let kiosk, let version, let displayPath, let compositor, let sensor, let width, let height,
              let refresh, let patchNumbers, let flashes, let onset else {
            return .failure(ScenarioErrors(diagnostics: problems))
        }
        return .success(TimingCertificate(made: made.value, kiosk: kiosk.value, version: version.value, width: width, height: height,
                                          refreshMilliseconds: refresh, displayPath: displayPath.value, compositor: compositor.value,
                                          sensor: sensor.value, patch: TimingPatch(x: patchNumbers[0], y: patchNumbers[1], size: patchNumbers[2]),
                                          flashes: flashes, onset: onset, duration: duration, frameStart: frameStart))
    }

    private static let keys = ["made", "kiosk", "version", "display", "refresh", "display path", "compositor", "sensor", "patch", "flashes",
                               "visual onset", "visual duration", "frame start"]

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
