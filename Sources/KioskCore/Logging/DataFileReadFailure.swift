/// A data file labkiosk wrote that cannot be read back (a samples file, a judgement or prompts
/// log), at the line that shows it: `file:line: error: message`, as editors link it.
public struct DataFileReadFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): error: \(message)" }
}
