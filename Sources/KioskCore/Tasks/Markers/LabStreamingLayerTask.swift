/// The labstreaminglayer plugin (docs/openmatb-behaviour.md: Lab Streaming Layer): a Lab Streaming Layer
/// marker outlet.
///
/// On start it asks the shell for the outlet OpenMATB creates (name `OpenMATB`, type
/// `Markers`, one string channel, irregular rate, source id `myuidw435368`). With
/// `pauseatstart` it first shows one slide asking the experimenter to enable the stream in
/// LabRecorder, blocking until SPACE (or Continue, or a joystick button); like an
/// instructions screen it also shows the slides of its `filename`. After its slides it hides
/// and stops blocking but keeps running: at each update a non-empty `marker` is pushed and
/// cleared, and while `streamsession` is true every log row is pushed too, as its six column
/// values joined by `;`.
///
/// Markers set by simultaneous events are all pushed, in order (OpenMATB spreads such events
/// over frames, so none is lost there either).
public final class LabStreamingLayerTask: TaskPlugin {
    private let includes: IncludeLibrary
    private var show = SlideShow(pages: [])
    private var outputs: [DeviceOutput] = []
    private var isStreaming = false
    /// Markers set since the last update, in order.
    private var markers: [String] = []

    public init(includes: IncludeLibrary) { self.includes = includes }

    public var isFinished: Bool { show.isFinished }
    public var stopsWhenFinished: Bool { false }

    public func start(_ context: inout TaskContext) {
        show = SlideShow(text: context.parameters.string("filename").flatMap(includes.text))
        if context.parameters.bool("pauseatstart") {
            let message = Translations.text("Please enable the OpenMATB stream into your LabRecorder.", context.language)
            show = SlideShow(pages: [SlideShow.Page(
                title: HTMLSubset.richText("<h1>\(Translations.text("Lab streaming layer", context.language))</h1>"),
                body: HTMLSubset.richText("<p>\(message)</p>"))])
        }
        emit(.openMarkerStream, context)
    }

    public func update(_ context: inout TaskContext) {
        if show.advanceIfRequested() {
            show.logAreas(&context, showsPrompt: SlideChrome.showsPrompt(context.parameters))
        }
        let stream = context.parameters.bool("streamsession")
        if stream != isStreaming {
            isStreaming = stream
            emit(.streamLogRows(stream), context)
        }
        if !markers.isEmpty {
            for marker in markers { emit(.pushMarker(marker), context) }
            markers = []
            context.parameters["marker"] = .string("")
        }
    }

    public func parameterDidChange(_ path: String, _ context: inout TaskContext) {
        guard path == "marker", let marker = context.parameters.string("marker"), !marker.isEmpty else { return }
        markers.append(marker)
    }

    public func stop(_ context: inout TaskContext) {
        if isStreaming { emit(.streamLogRows(false), context) }
        isStreaming = false
        emit(.closeMarkerStream, context)
    }

    public func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) {
        show.handle(input, showsButton: SlideChrome.showsPrompt(context.parameters))
    }

    public func dismiss() { show.requestAdvance() }

    public func takeOutputs() -> [DeviceOutput] {
        defer { outputs.removeAll() }
        return outputs
    }

    private func emit(_ action: DeviceOutput.Action, _ context: TaskContext) {
        outputs.append(DeviceOutput(action, time: context.time, logtime: context.logtime))
    }

    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {
        let prompt = SlideChrome.showsPrompt(parameters)
            ? SlideChrome.prompt(parameters, language: language, defaultMsgid: "Press SPACE to continue") : nil
        show.draw(in: area, prompt: prompt, language: language, into: &list)
    }
}
