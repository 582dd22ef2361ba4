import RealModule

/// The genericscales plugin (docs/openmatb-behaviour.md: Questionnaires): a blocking questionnaire of
/// sliders, one page at a time.
///
/// Every way of answering works on every page:
/// * touch or mouse: press anywhere on a slider's slide zone to select it and jump the knob
///   there, drag to move it; tap Continue to validate the page;
/// * keys (OpenMATB's): UP/DOWN select the previous/next slider (wrapping), LEFT/RIGHT move
///   it one grid step, SPACE *release* validates;
/// * joystick: the stick's x axis moves the selected slider one grid step, repeating while
///   held; its y axis or the hat selects; button 1 validates, any other button selects the
///   next slider.
///
/// Each value change logs `state, slider_<k>, value` with the value's text; stopping logs one
/// `performance` row per slider of the page on screen, addressed by the item title.
public final class GenericScalesTask: TaskPlugin {
    /// Stick deflection beyond which an axis counts as pushed.
    static let axisThreshold = 0.5
    /// While the stick stays pushed, the slider steps again after this many nanoseconds.
    static let repeatNanoseconds: Int64 = 200_000_000

    private let includes: IncludeLibrary
    private var questionnaire = Questionnaire(pages: [])
    private var pageIndex = -1
    private var advanceRequested = true
    public private(set) var isFinished = false
    /// The sliders of the page on screen, by item index (0-based; named `slider_<index+1>`).
    private var sliders: [Int: ScaleSlider] = [:]
    /// Item indices of the sliders, top to bottom.
    private var order: [Int] = []
    /// Position in `order` of the selected slider.
    private var selected = 0
    private var dragging: (pointer: InputEvent.Pointer, item: Int)?
    private var button = ContinueButton()
    private var stick = (x: 0.0, y: 0.0)
    private var lastStickStep: MonotonicTime?
    private var stickSelected = false

    public init(includes: IncludeLibrary) { self.includes = includes }

    private var screen: Rect { SlideShow.screen }
    private var page: Questionnaire.Page? { questionnaire.pages.indices.contains(pageIndex) ? questionnaire.pages[pageIndex] : nil }

    // MARK: Lifecycle

    public func start(_ context: inout TaskContext) {
        let name = context.parameters.string("filename") ?? ""
        questionnaire = includes.text(name).map { Questionnaire.parse($0, file: name).questionnaire } ?? Questionnaire(pages: [])
    }

    public func update(_ context: inout TaskContext) {
        stepWithStick(&context)
        guard advanceRequested, !isFinished else { return }
        advanceRequested = false
        button.reset()
        dragging = nil
        guard pageIndex + 1 < questionnaire.pages.count else {
            isFinished = true
            return
        }
        pageIndex += 1
        showPage(&context)
    }

    /// Builds the sliders of the new page and logs its widgets' areas, as OpenMATB's
    /// `make_slide_graphs` does.
    private func showPage(_ context: inout TaskContext) {
        sliders = [:]
        order = []
        selected = 0
        guard let page else { return }
        let whole = SlideChrome.fullscreenAOI(screen)
        if page.title != nil { context.log(.aoi, "title", whole) }
        if SlideChrome.showsPrompt(context.parameters) { context.log(.aoi, SlideChrome.promptWidgetName(context.parameters), whole) }
        let layout = ScaleLayout(itemCount: page.items.count, screen: screen)
        for (index, item) in page.items.enumerated() {
            guard case .scale(let scale) = item else { continue }
            let boxes = layout.item(index, title: scale.title, question: scale.question)
            if let title = boxes.title { context.log(.aoi, "title_\(index + 1)", TaskHost.aoiValue(title)) }
            context.log(.aoi, "label_\(index + 1)", TaskHost.aoiValue(boxes.question))
            context.log(.aoi, "slider_\(index + 1)", TaskHost.aoiValue(boxes.slider))
            sliders[index] = ScaleSlider(scale)
            order.append(index)
        }
    }

    public func stop(_ context: inout TaskContext) {
        for index in order {
            guard let slider = sliders[index] else { continue }
            context.log(.performance, slider.scale.title, slider.value)
        }
    }

    public func dismiss() { advanceRequested = true }

    // MARK: Input

    public func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) {
        guard !isFinished, page != nil else { return }
        let keys = SlideChrome.showsPrompt(context.parameters)
        switch input {
        case .keyRelease("SPACE"):
            advanceRequested = true
        case .keyPress(let key) where keys:
            switch key {
            case "UP": select(selected - 1)
            case "DOWN": select(selected + 1)
            case "LEFT": step(-1, &context)
            case "RIGHT": step(1, &context)
            default: break
            }
        case .joystickButton(let name, pressed: true):
            switch name {
            case "JOY_BTN_1": advanceRequested = true
            case "JOY_HAT_UP": select(selected - 1)
            case "JOY_HAT_DOWN": select(selected + 1)
            case "JOY_HAT_LEFT": step(-1, &context)
            case "JOY_HAT_RIGHT": step(1, &context)
            default: select(selected + 1)
            }
        case .joystickAxes(let x, let y):
            stick = (x, y)
            if abs(y) < Self.axisThreshold {
                stickSelected = false
            } else if !stickSelected {
                stickSelected = true
                // The stick's y is positive pulled back (towards the participant): down the page.
                select(selected + (y > 0 ? 1 : -1))
            }
            if abs(x) < Self.axisThreshold { lastStickStep = nil }
        case .pointerDown(let point, let pointer):
            if keys && button.handle(input, in: screen) { return }
            guard dragging == nil, let item = slider(at: point) else { return }
            dragging = (pointer, item)
            if let position = order.firstIndex(of: item) { selected = position }
            move(item, to: point, &context)
        case .pointerMove(let point, let pointer):
            guard let drag = dragging, drag.pointer == pointer else { return }
            move(drag.item, to: point, &context)
        case .pointerUp(let point, let pointer):
            if let drag = dragging, drag.pointer == pointer {
                move(drag.item, to: point, &context)
                dragging = nil
            } else if keys && button.handle(input, in: screen) {
                advanceRequested = true
            }
        default:
            break
        }
    }

    /// Selects slider `position` in top-to-bottom order, wrapping at both ends.
    private func select(_ position: Int) {
        guard !order.isEmpty else { return }
        selected = (position % order.count + order.count) % order.count
    }

    private func step(_ direction: Int, _ context: inout TaskContext) {
        guard order.indices.contains(selected) else { return }
        let item = order[selected]
        guard var slider = sliders[item], slider.step(by: direction) else { return }
        sliders[item] = slider
        context.logState("slider_\(item + 1)", "value", .string(slider.loggedText))
    }

    /// Steps the selected slider while the stick is pushed sideways: at once, then again
    /// every ``repeatNanoseconds``, timed by frames since scenario time stands still here.
    private func stepWithStick(_ context: inout TaskContext) {
        guard abs(stick.x) >= Self.axisThreshold else { return }
        if let last = lastStickStep, context.logtime.since(last) < Self.repeatNanoseconds { return }
        lastStickStep = context.logtime
        step(stick.x > 0 ? 1 : -1, &context)
    }

    /// The page on screen (its number, from 0) and, for each of its sliders top to bottom, its
    /// groove: a tap at a fraction of the groove's width sets the slider to that fraction of
    /// its scale. What an operator aims at; nil when no page shows.
    func pageGrooves(showsValue: Bool) -> (page: Int, grooves: [Rect])? {
        guard !isFinished, let page else { return nil }
        let layout = ScaleLayout(itemCount: page.items.count, screen: screen)
        return (pageIndex, order.compactMap { item in
            sliders[item].map { slider in
                let row = layout.item(item, title: slider.scale.title, question: slider.scale.question).slider
                return ScaleSlider.groove(in: ScaleSlider.zones(in: row, showsValue: showsValue).slide)
            }
        })
    }

    /// The slider whose grab area holds `point`.
    private func slider(at point: Point) -> Int? {
        guard let page else { return nil }
        let layout = ScaleLayout(itemCount: page.items.count, screen: screen)
        return order.first { item in
            guard let slider = sliders[item] else { return false }
            let row = layout.item(item, title: slider.scale.title, question: slider.scale.question).slider
            let slide = ScaleSlider.zones(in: row, showsValue: false).slide
            return ScaleSlider.grabArea(in: slide).contains(x: point.x, y: point.y)
        }
    }

    private func move(_ item: Int, to point: Point, _ context: inout TaskContext) {
        guard let page, var slider = sliders[item] else { return }
        let layout = ScaleLayout(itemCount: page.items.count, screen: screen)
        let row = layout.item(item, title: slider.scale.title, question: slider.scale.question).slider
        let groove = ScaleSlider.groove(in: ScaleSlider.zones(in: row, showsValue: context.parameters.bool("showvalue")).slide)
        guard slider.set(fraction: (point.x - groove.left) / groove.width) else { return }
        sliders[item] = slider
        context.logState("slider_\(item + 1)", "value", .string(slider.loggedText))
    }

    // MARK: Drawing

    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {
        guard let page, !isFinished else { return }
        SlideChrome.drawTitle(page.title.map { HTMLSubset.richText($0) }, in: area, into: &list)
        let layout = ScaleLayout(itemCount: page.items.count, screen: area)
        let showsValue = parameters.bool("showvalue")
        let items = order.compactMap { item in
            sliders[item].map { (item: item, slider: $0, boxes: layout.item(item, title: $0.scale.title, question: $0.scale.question)) }
        }
        // One size for every question (and every title) of the page, the smallest that fits,
        // so shrinking one long question does not make the page look uneven.
        let questionSize = items.map(\.boxes.questionPointSize).min() ?? ScaleLayout.pointSize
        let titleSize = items.filter { $0.boxes.title != nil }.map(\.boxes.titlePointSize).min() ?? ScaleLayout.pointSize
        for (position, entry) in items.enumerated() {
            let boxes = entry.boxes
            let wrapInset = boxes.question.width * 0.1
            if let title = boxes.title {
                list.text(entry.slider.scale.title, in: title.insetHorizontally(wrapInset), TextStyle(pointSize: titleSize, bold: true, wraps: true))
            }
            list.text(entry.slider.scale.question, in: boxes.question.insetHorizontally(wrapInset), TextStyle(pointSize: questionSize, wraps: true))
            drawSlider(entry.slider, in: boxes.slider, selected: position == selected, showsValue: showsValue, into: &list)
        }
        if SlideChrome.showsPrompt(parameters) {
            let prompt = SlideChrome.prompt(parameters, language: language, defaultMsgid: "Press SPACE to validate")
            SlideChrome.drawPrompt(prompt, button: button, language: language, in: area, into: &list)
        }
    }

    /// Labels, grey track (blue when selected), blue knob with a black outline (blue when
    /// selected), and the rounded value with `showvalue`.
    private func drawSlider(_ slider: ScaleSlider, in row: Rect, selected: Bool, showsValue: Bool, into list: inout DrawList) {
        let zones = ScaleSlider.zones(in: row, showsValue: showsValue)
        let label = TextStyle(pointSize: TextStyle.medium)
        list.text(slider.scale.minimumLabel, in: zones.minimumLabel, label)
        list.text(slider.scale.maximumLabel, in: zones.maximumLabel, label)
        if let value = zones.value { list.text(String(slider.displayedValue), in: value, label) }
        list.fill(ScaleSlider.track(in: zones.slide), selected ? .blue : .grey)
        let center = slider.knobCenter(in: zones.slide)
        let radius = ScaleSlider.groove(in: zones.slide).height
        list.append(.fillPolygon(Self.circle(center, radius), .blue))
        list.append(.polyline(Self.circle(center, radius), selected ? .blue : .black, lineWidth: 2, closed: true))
    }

    /// OpenMATB draws the knob as a 30-gon.
    private static func circle(_ center: Point, _ radius: Double) -> [Point] {
        (0..<30).map { i in
            let angle = 2 * Double.pi * Double(i) / 30
            return Point(center.x + radius * Double.cos(angle), center.y + radius * Double.sin(angle))
        }
    }
}
