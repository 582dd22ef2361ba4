/// A failure outside the core (SDL, a file, a folder, a setting), with a message that names
/// the call or file at fault.
public enum ShellError: Error, CustomStringConvertible, Equatable {
    /// An SDL, SDL_ttf or SDL_image call failed; `message` is `SDL_GetError()` at that moment.
    case sdl(call: String, message: String)
    /// A font file the text renderer needs does not exist or cannot be read.
    case fontMissing(path: String)
    /// A PNG could not be written.
    case imageWrite(path: String, message: String)
    /// A caller passed a size or value the shell cannot use.
    case invalidArgument(String)
    /// A file, folder or setting a run needs is unusable; the message says which and why.
    case unusable(String)

    /// A run-stopping problem described in words for the person at the terminal.
    public init(_ message: String) { self = .unusable(message) }

    public var description: String {
        switch self {
        case .sdl(let call, let message):
            return "\(call) failed: \(message.isEmpty ? "no SDL error message" : message)"
        case .fontMissing(let path):
            return "font file not found or unreadable: \(path) (install fonts-dejavu-core, or pass other FontFiles)"
        case .imageWrite(let path, let message):
            return "could not write PNG \(path): \(message)"
        case .invalidArgument(let message), .unusable(let message):
            return message
        }
    }
}
