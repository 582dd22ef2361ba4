/// A language OpenMATB ships translations for; selects the text of user-facing messages.
///
/// The raw value is the code used in file names and settings (`en`, `fr`).
public enum Language: String, CaseIterable, Hashable, Sendable {
    /// English, OpenMATB's msgids (`en_EN`).
    case en
    /// French (`fr_FR`), OpenMATB's default locale.
    case fr
}
