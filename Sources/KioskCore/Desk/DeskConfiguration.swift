/// The desk's settings (`/etc/labkiosk/desk.toml`, docs/desk.md): the lab's name, the folder
/// of study plans it offers, the data folder, and the staff PIN's hash (never the PIN).
public struct DeskConfiguration: Hashable, Sendable {
    public var lab = "labkiosk"
    /// Plans are `*.toml` in this folder and `*/plan.toml` one folder down.
    public var plans = ""
    public var data = ""
    /// A crypt(3) hash of the staff PIN (`labkiosk desk --hash-pin` makes one).
    public var pinHash = ""
    /// The settings file each batch is given (`--settings`), if any.
    public var settings: String?
    /// The lab's PostgreSQL, where the desk sends the data folder (docs/lab.md), if any.
    public var labDatabase: String?
    /// Whether the experimenter chord unlocks the desk as the PIN does (`unlock_chord`): a
    /// kiosk whose keyboard participants can reach turns it off.
    public var unlockChord = true

    public init() {}
}

/// Reads a desk's settings file: every problem at once, each at its line and column.
public enum DeskConfigurationReader {
    public static let keys = ["lab", "plans", "data", "pin_hash", "settings", "lab_database", "unlock_chord"]
    /// The lab's name heads every page of the desk, on one line.
    public static let longestLabName = 60

    /// Whether `text` is a hash `labkiosk desk --hash-pin` makes: yescrypt, `$y$` then its
    /// parameters, salt and hash, none empty.
    static func isPINHash(_ text: String) -> Bool {
        let fields = text.split(separator: "$", omittingEmptySubsequences: false)
        return text.hasPrefix("$y$") && fields.count == 5 && fields.dropFirst().allSatisfy { !$0.isEmpty }
            && !text.contains(where: \.isWhitespace)
    }

    public static func read(_ text: String, file: String) -> Result<DeskConfiguration, ScenarioErrors> {
        let document: TOMLDocument
        switch TOMLDocument.parse(text, file: file, what: "the desk's settings") {
        case .success(let parsed): document = parsed
        case .failure(let errors): return .failure(errors)
        }
        var problems: [ScenarioDiagnostic] = []
        var pinHashGiven = false
        func problem(_ at: (line: Int, column: Int), _ message: String) {
            problems.append(ScenarioDiagnostic(file: file, line: at.line, column: at.column, severity: .error, message: message))
        }
        for name in document.order {
            let table = document.tables[name] ?? document.arrays[name]?.first
            problem((table?.line ?? 1, table?.column ?? 1), "a desk's settings have no tables; they are \(keys.joined(separator: ", "))")
        }
        var configuration = DeskConfiguration()
        let root = document.root
        for entry in root.entries {
            let at = (entry.line, entry.column)
            guard keys.contains(entry.key) else {
                problem(at, "unknown key `\(entry.key)`; a desk's settings are \(keys.joined(separator: ", "))")
                continue
            }
            if entry.key == "unlock_chord" {
                if let flag = entry.value.boolean { configuration.unlockChord = flag } else { problem(at, "`unlock_chord` is true or false") }
                continue
            }
            guard let value = entry.value.string, !value.isEmpty else {
                problem(at, "`\(entry.key)` is text in quotes")
                continue
            }
            switch entry.key {
            case "lab":
                if value.count > Self.longestLabName || value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                    problem(at, "`lab` is one line of at most \(Self.longestLabName) characters: it heads every page of the desk")
                }
                configuration.lab = value
            case "plans": configuration.plans = value
            case "data": configuration.data = value
            case "settings": configuration.settings = value
            case "lab_database": configuration.labDatabase = value
            default:
                pinHashGiven = true
                guard Self.isPINHash(value) else {
                    problem(at, "`pin_hash` is a hash such as \"$y$j9T$…\" from `labkiosk desk --hash-pin`, never the PIN itself: "
                        + "with anything else no PIN could unlock the desk")
                    continue
                }
                configuration.pinHash = value
            }
        }
        for (key, value) in [("plans", configuration.plans), ("data", configuration.data)] where value.isEmpty {
            problem((1, 1), "`\(key)` is missing")
        }
        if !pinHashGiven { problem((1, 1), "`pin_hash` is missing; `labkiosk desk --hash-pin` makes one") }
        return problems.isEmpty ? .success(configuration) : .failure(ScenarioErrors(diagnostics: problems))
    }
}
