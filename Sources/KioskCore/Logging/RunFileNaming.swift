/// Run numbers, folder names and file names of data files (docs/openmatb-behaviour.md: Session files):
/// `sessions/<YYYY-MM-DD>/<N>_<yymmdd>_<HHMMSS>.csv`.
///
/// Pure functions: the shell lists the files and reads the local date, then asks here.
public enum RunFileNaming {
    /// The number of the next run: one more than the highest run number among the
    /// existing data files, whatever their format, or 1 when there is none.
    ///
    /// Unlike OpenMATB, a deleted run's number is never reused (gaps are not filled),
    /// and a name that does not start with an integer is ignored rather than making every
    /// number count as 0.
    /// - Parameter existingPaths: Paths of the files under the data folder, at any depth,
    ///   relative to it or absolute, `/`-separated.
    /// - Returns: The run number to use, at least 1.
    public static func nextRunNumber(existingPaths: [String]) -> Int {
        let highest = existingPaths.compactMap(runNumber(ofPath:)).max() ?? 0
        return highest + 1
    }

    /// The run number a data file's path carries: the integer its file name starts with,
    /// when a `_` or a `.` follows it, as in every name ``fileName(runNumber:date:suffix:)``
    /// makes.
    ///
    /// `3_240305_101500.csv` → 3, `sessions/2024-03-05/12.csv` → 12, `4_240305_101500_samples.tsv`
    /// → 4, `notes.csv` → nil, `2024-03-05` → nil.
    /// - Parameter path: A `/`-separated path; only its last component is read.
    /// - Returns: The leading integer of the file name, or nil when there is none or it overflows `Int`.
    public static func runNumber(ofPath path: String) -> Int? {
        let fileName = (path.split(separator: "/").last ?? Substring(path)).unicodeScalars
        let leadingDigits = fileName.prefix { $0.value >= 0x30 && $0.value <= 0x39 }
        guard !leadingDigits.isEmpty, leadingDigits.count < fileName.count else { return nil }
        let next = fileName[leadingDigits.endIndex]
        guard next == "_" || next == "." else { return nil }
        return Int(String(String.UnicodeScalarView(leadingDigits)))
    }

    /// The day folder a session's log goes in: `YYYY-MM-DD` (Python's `%Y-%m-%d`).
    /// - Parameter date: The local date at which the session log is created.
    /// - Returns: The folder name, e.g. `2024-03-05`.
    public static func folderName(for date: LocalDateTime) -> String {
        padded(date.year, width: 4) + "-" + padded(date.month, width: 2) + "-" + padded(date.day, width: 2)
    }

    /// A data file's name: `<N>_<yymmdd>_<HHMMSS><suffix>` (Python's `%y%m%d_%H%M%S`), the
    /// name OpenMATB gives its session logs with the suffix `.csv`.
    /// - Parameters:
    ///   - runNumber: The run number N.
    ///   - date: The local date and time at which the session's files are created.
    ///   - suffix: What ends the name: `.csv` for a MATB log.
    /// - Returns: The file name, e.g. `3_240305_091502.csv`.
    public static func fileName(runNumber: Int, date: LocalDateTime, suffix: String = ".csv") -> String {
        let day = padded(date.year % 100, width: 2) + padded(date.month, width: 2) + padded(date.day, width: 2)
        let time = padded(date.hour, width: 2) + padded(date.minute, width: 2) + padded(date.second, width: 2)
        return "\(runNumber)_\(day)_\(time)\(suffix)"
    }

    /// A non-negative number in decimal, zero-padded on the left to `width` digits.
    private static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(width - digits.count, 0)) + digits
    }
}
