/// What every slide screen (instructions, questionnaires, the LSL notice) draws around its
/// content: the `<h1>` title at 90 % of the height, the response prompt at 10 %, and the
/// Continue button; and the `aoi` value OpenMATB logs for widgets laid out on the whole screen.
enum SlideChrome {
    /// The title box: centred on 90 % of the height, the whole width (OpenMATB's `wrap_width=1`).
    static func titleBox(in region: Rect) -> Rect {
        Rect(left: region.left + region.width * 0.02, bottom: region.bottom + region.height * 0.85,
             width: region.width * 0.96, height: region.height * 0.1)
    }

    /// The prompt box: centred on 10 % of the height, 50 % of the width (docs/openmatb-behaviour.md:
    /// Instructions).
    static func promptBox(in region: Rect) -> Rect {
        Rect(left: region.left + region.width * 0.25, bottom: region.bottom + region.height * 0.07,
             width: region.width * 0.5, height: region.height * 0.06)
    }

    /// The prompt: `response-text` (its default is stored translated, see ``TaskHost``).
    static func prompt(_ parameters: ParameterValues, language: Language, defaultMsgid: String) -> String {
        parameters.string("response-text") ?? Translations.text(defaultMsgid, language)
    }

    /// Whether the prompt and the Continue button show: `allowkeypress` false hides both,
    /// leaving SPACE release and the joystick to the experimenter.
    static func showsPrompt(_ parameters: ParameterValues) -> Bool {
        parameters["allowkeypress"] != .bool(false)
    }

    /// The widget name OpenMATB gives the prompt: `press_<response-key in lower case>`.
    static func promptWidgetName(_ parameters: ParameterValues) -> String {
        "press_" + (parameters.string("response-key") ?? "SPACE").lowercased()
    }

    static func drawTitle(_ title: RichText?, in region: Rect, into list: inout DrawList) {
        guard let title, !title.isEmpty else { return }
        list.richText(title, in: titleBox(in: region))
    }

    static func drawPrompt(_ text: String, button: ContinueButton, language: Language, in region: Rect, into list: inout DrawList) {
        list.richText(HTMLSubset.richText("<center><p>\(text)</p></center>"), in: promptBox(in: region))
        button.draw(label: Translations.text("Continue", language), in: region, into: &list)
    }

    /// `(x1, y1, x2, y2)` of a whole-screen widget: integer pixels, as OpenMATB's window size is.
    static func fullscreenAOI(_ region: Rect) -> PyValue {
        .tuple([.int(Int(region.left)), .int(Int(region.top)), .int(Int(region.right)), .int(Int(region.bottom))])
    }
}
