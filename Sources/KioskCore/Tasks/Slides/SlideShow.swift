/// The slide progression instruction-like screens share (instructions, the LSL notice):
/// pages of rich text shown one at a time, moved on by SPACE *release* (docs/openmatb-behaviour.md:
/// Instructions), a tap on the Continue button, or a joystick button press.
///
/// Like OpenMATB, a request to move on is only noted when the input arrives; the page
/// changes at the screen's next update, so the input's own row is logged first.
struct SlideShow {
    /// One slide: the `<h1>` title and the body.
    struct Page: Hashable {
        var title: RichText?
        var body: RichText
    }

    /// The whole reference screen, where blocking screens draw.
    static let screen = Canvas.openMATB.bounds

    private(set) var pages: [Page]
    /// The page on screen; -1 before the first update.
    private(set) var index = -1
    /// Set at start so the first page appears at the first update.
    private var advanceRequested = true
    private(set) var isFinished = false
    private(set) var button = ContinueButton()

    /// Pages from an instruction file's text; none if the file was not found.
    init(text: String?) {
        guard let text else {
            pages = []
            return
        }
        pages = SlideFile(text, ignoringEmptyLines: false).slides.map { slide in
            Page(title: slide.title.map { HTMLSubset.richText($0.text) },
                 body: HTMLSubset.richText(slide.body.map(\.text).joined(separator: "\n")))
        }
    }

    /// Pages given directly (the LSL notice).
    init(pages: [Page]) { self.pages = pages }

    /// The page on screen, if any.
    var current: Page? { pages.indices.contains(index) ? pages[index] : nil }

    /// Notes a request to move on from SPACE release, a joystick button or a Continue tap.
    mutating func handle(_ input: InputEvent.Payload, showsButton: Bool) {
        guard !isFinished else { return }
        switch input {
        case .keyRelease("SPACE"), .joystickButton(_, pressed: true):
            advanceRequested = true
        case .pointerDown, .pointerUp:
            if showsButton && button.handle(input, in: Self.screen) { advanceRequested = true }
        default:
            break
        }
    }

    /// Moves on as the operator asks (`--headless`).
    mutating func requestAdvance() { advanceRequested = true }

    /// At an update: shows the next page if asked to. Returns true when a new page shows;
    /// after the last page the show is finished.
    mutating func advanceIfRequested() -> Bool {
        guard advanceRequested, !isFinished else { return false }
        advanceRequested = false
        button.reset()
        if index + 1 < pages.count {
            index += 1
            return true
        }
        isFinished = true
        return false
    }

    /// Logs OpenMATB's `aoi` rows for a new page's widgets: `title`, `press_<key>`, `instructions`.
    func logAreas(_ context: inout TaskContext, showsPrompt: Bool) {
        let whole = SlideChrome.fullscreenAOI(Self.screen)
        if current?.title != nil { context.log(.aoi, "title", whole) }
        if showsPrompt { context.log(.aoi, SlideChrome.promptWidgetName(context.parameters), whole) }
        context.log(.aoi, "instructions", whole)
    }

    /// The page: title at 90 %, body centred and wrapped at 80 % of the width, prompt and button.
    func draw(in region: Rect, prompt: String?, language: Language, into list: inout DrawList) {
        guard let page = current, !isFinished else { return }
        SlideChrome.drawTitle(page.title, in: region, into: &list)
        let body = Rect(left: region.left + region.width * 0.1, bottom: region.bottom + region.height * 0.16,
                        width: region.width * 0.8, height: region.height * 0.68)
        list.richText(page.body, in: body)
        if let prompt { SlideChrome.drawPrompt(prompt, button: button, language: language, in: region, into: &list) }
    }
}
