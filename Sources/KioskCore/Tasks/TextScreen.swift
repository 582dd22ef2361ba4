import Foundation

/// A blocking full-screen text (instructions, questionnaire, LSL notice) shown slide by
/// slide as plain text; SPACE release moves on. Rich HTML and sliders come with issue #5.
public final class TextScreen: TaskPlugin {
    private let includes: IncludeLibrary
    private var slides: [String] = []
    private var slideIndex = 0
    public private(set) var isFinished = false

    public init(includes: IncludeLibrary) { self.includes = includes }

    public func start(_ context: inout TaskContext) {
        let name = context.parameters.string("filename") ?? ""
        slides = includes.text(name).map(Self.slides(of:)) ?? []
        slideIndex = 0
        isFinished = slides.isEmpty
    }

    public func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) {
        guard case .keyRelease("SPACE") = input else { return }
        dismiss()
    }

    public func dismiss() {
        slideIndex += 1
        if slideIndex >= slides.count { isFinished = true }
    }

    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {
        guard slideIndex < slides.count else { return }
        let body = area.reduced(widthFraction: 0.8, heightFraction: 0.7)
        list.text(slides[slideIndex], in: body, TextStyle(pointSize: 18, verticalAlignment: .top, wraps: true))
        let prompt = parameters.string("response-text").flatMap { $0.isEmpty ? nil : $0 }
            ?? Translations.text("Press SPACE to continue", language)
        if parameters["allowkeypress"] != .bool(false) {
            list.text(prompt, in: Rect(left: area.left, bottom: area.bottom + area.height * 0.05, width: area.width, height: area.height * 0.1),
                      TextStyle(pointSize: 18, italic: true))
        }
    }

    /// Slides of an instruction file (spec §6.9): lines with `#` anywhere are dropped, a
    /// `<newpage>` line starts a new slide, tags are removed for plain-text display.
    static func slides(of text: String) -> [String] {
        var pages: [[String]] = [[]]
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) where !line.contains("#") {
            if line.contains("<newpage>") {
                pages.append([])
                continue
            }
            pages[pages.count - 1].append(plainText(String(line)))
        }
        return pages.map { $0.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    private static func plainText(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    }
}
