/// The instructions plugin (docs/openmatb-behaviour.md: Instructions): blocking full-screen slides from an
/// instruction file, in OpenMATB's HTML subset.
///
/// A self-paced "wait until the participant continues" step needs nothing else: scenario
/// time stands still while the slides show, so a one-slide file is a pause the participant
/// ends (OpenMATB #54).
public final class InstructionsTask: TaskPlugin {
    private let includes: IncludeLibrary
    private var show = SlideShow(pages: [])

    public init(includes: IncludeLibrary) { self.includes = includes }

    public var isFinished: Bool { show.isFinished }

    public func start(_ context: inout TaskContext) {
        show = SlideShow(text: context.parameters.string("filename").flatMap(includes.text))
    }

    public func update(_ context: inout TaskContext) {
        if show.advanceIfRequested() {
            show.logAreas(&context, showsPrompt: SlideChrome.showsPrompt(context.parameters))
        }
    }

    public func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) {
        show.handle(input, showsButton: SlideChrome.showsPrompt(context.parameters))
    }

    public func dismiss() { show.requestAdvance() }

    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {
        let prompt = SlideChrome.showsPrompt(parameters)
            ? SlideChrome.prompt(parameters, language: language, defaultMsgid: "Press SPACE to continue") : nil
        show.draw(in: area, prompt: prompt, language: language, into: &list)
    }
}
