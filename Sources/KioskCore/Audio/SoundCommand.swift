/// What the core asks the shell's audio output to do.
public enum SoundCommand: Hashable, Sendable {
    /// Start playing a prompt now, interrupting whatever plays.
    case play(SpokenPrompt)
    /// Stop the prompt that plays, if any.
    case stop
}
