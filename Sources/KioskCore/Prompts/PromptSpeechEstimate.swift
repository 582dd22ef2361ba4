/// How long a text takes to say when the shell could not measure it (no voice, a synthesiser
/// that reports no length): 0.07 s a character, about 14 characters a second as a calm
/// instruction is read, and never under a second, so a phase that ends with its speech
/// still lasts long enough to be read.
public enum PromptSpeechEstimate {
    public static let secondsPerCharacter = 0.07
    public static let shortestSeconds = 1.0

    public static func seconds(for text: String) -> Double {
        max(shortestSeconds, secondsPerCharacter * Double(text.count))
    }
}
