/// What value validation needs to know about the world outside the scenario text.
///
/// Core does no file I/O, so the caller answers the one question a validator asks of the
/// disk: whether a file exists in one of OpenMATB's include folders.
public struct ValidationContext: Sendable {
    /// One of the include folders a `filename` parameter may point into.
    public enum IncludeFolder: String, CaseIterable, Hashable, Sendable {
        /// `includes/questionnaires/`, read by genericscales.
        case questionnaires
        /// `includes/instructions/`, read by instructions and labstreaminglayer.
        case instructions
    }

    /// Whether `relativePath` names an existing file under `folder`.
    ///
    /// The path is passed exactly as the scenario wrote it (spaces already removed), so the
    /// implementation decides how to join it, as Python's `Path.joinpath(x).exists()` does.
    public var fileExists: @Sendable (_ folder: IncludeFolder, _ relativePath: String) -> Bool

    /// Creates a context whose text-file checks call `fileExists`.
    /// - Parameter fileExists: answers whether a file exists in one include folder.
    public init(fileExists: @escaping @Sendable (_ folder: IncludeFolder, _ relativePath: String) -> Bool) {
        self.fileExists = fileExists
    }

    /// A context in which no include file exists; every `textFile` value is rejected.
    public static let noFiles = ValidationContext { _, _ in false }

    /// Whether `relativePath` exists in either include folder, the rule of OpenMATB's
    /// `is_available_text_file` (questionnaires first, then instructions).
    public func textFileExists(_ relativePath: String) -> Bool {
        IncludeFolder.allCases.contains { fileExists($0, relativePath) }
    }
}
