/// How InteractLog names things: images by their base name, trial files after the participant,
/// the trial number and the experiment's start (docs/drawing-pad.md: Files).
public enum InteractLogNames {
    /// The file name without its folders, as Java's `File.getName()` gives it.
    public static func baseName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `<Name> (Trial <n>) <yyyy-MM-dd - HH-mm-ss>`, the stem every file of a trial shares;
    /// `copy` > 1 adds ` (<copy>)` when a trial of that name is already on disk.
    public static func trialStem(participant: String, trial: Int, experimentStart: LocalDateTime, copy: Int = 1) -> String {
        let stem = "\(safeFileName(participant)) (Trial \(trial)) \(fileDate(experimentStart))"
        return copy > 1 ? "\(stem) (\(copy))" : stem
    }

    /// The suffixes of a trial's files, after the stem: the main log first.
    public static let suffixes = [".txt", "_strokes.txt", "_keys.txt", "_img.png", samplesSuffix]
    /// The suffix of labkiosk's samples file, after the stem.
    public static let samplesSuffix = "_samples.tsv"
    /// The journal a trial writes while it runs, turned into the files above when it ends.
    public static let journalSuffix = "_journal.txt"

    /// `yyyy-MM-dd`, the day folder.
    public static func dayFolder(_ date: LocalDateTime) -> String {
        "\(pad(date.year, 4))-\(pad(date.month))-\(pad(date.day))"
    }

    /// `yyyy-MM-dd - HH-mm-ss`.
    public static func fileDate(_ date: LocalDateTime) -> String {
        "\(dayFolder(date)) - \(pad(date.hour))-\(pad(date.minute))-\(pad(date.second))"
    }

    /// `dd/MM/yyyy - HH:mm:ss`, the header's dates.
    public static func headerDate(_ date: LocalDateTime) -> String {
        "\(pad(date.day))/\(pad(date.month))/\(pad(date.year, 4)) - \(pad(date.hour)):\(pad(date.minute)):\(pad(date.second))"
    }

    /// A participant name as a file name: InteractLog puts it in the path as typed, so a `/`
    /// fails the whole trial. `/`, control characters and a leading dot become `_`.
    public static func safeFileName(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            let unsafe = scalar == "/" || scalar.properties.generalCategory == .control
            scalars.append(unsafe ? "_" : scalar)
        }
        var safe = String(scalars)
        if safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        return safe.isEmpty ? "_" : safe
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension InteractLogNames {
    /// Reads `dd/MM/yyyy - HH:mm:ss` back.
    public static func parseHeaderDate(_ text: String) -> LocalDateTime? {
        let digits = text.split(whereSeparator: { $0 == "/" || $0 == " " || $0 == "-" || $0 == ":" }).compactMap { Int($0) }
        // A field outside the calendar (an edited or damaged header) is not a date.
        guard digits.count == 6, (1...9999).contains(digits[2]), (1...12).contains(digits[1]), (1...31).contains(digits[0]),
              (0...23).contains(digits[3]), (0...59).contains(digits[4]), (0...60).contains(digits[5]) else { return nil }
        return LocalDateTime(year: digits[2], month: digits[1], day: digits[0], hour: digits[3], minute: digits[4], second: digits[5])
    }
}
