import KioskCore

/// A session log read from disk, for the commands that look back at one.
public enum SessionLogFile {
    /// The log's rows, or an error naming the file and, for a malformed log, the line and column.
    public static func read(_ path: String) throws(ShellError) -> SessionLogReader.Contents {
        let bytes = try FileDescriptorIO.readFile(atPath: path)
        do {
            return try SessionLogReader.read(bytes, file: path)
        } catch {
            throw ShellError("\(error)")
        }
    }
}
