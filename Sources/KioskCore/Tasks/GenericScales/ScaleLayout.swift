/// Where a questionnaire page's items go (docs/openmatb-behaviour.md: Questionnaires), on the reference
/// screen.
///
/// For N lines: the block is the screen reduced to a height of 0.15·N·H, vertically
/// centred; item l (0-based, from the top) is 0.1·H high with its bottom at
/// `block.b + (1 − l/N)·(block.h − 0.1·H)`. At 1920×1080 with N = 6 the bottoms are 918,
/// 774, 630, 486, 342, 198.
public struct ScaleLayout: Hashable, Sendable {
    /// The parts of one item.
    public struct Item: Hashable, Sendable {
        /// The title box, when the title differs from the question.
        public var title: Rect?
        public var question: Rect
        /// The slider row.
        public var slider: Rect
        /// Point sizes that make each text fit its box (16 pt unless the box is too small).
        public var titlePointSize: Double
        public var questionPointSize: Double
    }

    /// OpenMATB's text size for titles and questions (MEDIUM).
    public static let pointSize = TextStyle.medium
    /// The smallest size text is shrunk to when its box is too small.
    public static let minimumPointSize = 10.0

    public let itemCount: Int
    public let screen: Rect

    public init(itemCount: Int, screen: Rect) {
        self.itemCount = itemCount
        self.screen = screen
    }

    /// The block holding every item, vertically centred.
    public var block: Rect {
        screen.reduced(widthFraction: 1, heightFraction: 0.15 * Double(itemCount))
    }

    /// Item `index`'s whole box (question and slider).
    public func itemBox(_ index: Int) -> Rect {
        let height = 0.1 * screen.height
        let fraction = 1 - Double(index) / Double(max(itemCount, 1))
        return Rect(left: block.left, bottom: block.bottom + fraction * (block.height - height), width: block.width, height: height)
    }

    /// The boxes of an item: if `title` differs from `question`, the bold title above the
    /// question, both wrapped at 80 % of the width, and the slider in the rest but at least
    /// 40 % of the item (the texts shrink in proportion when they do not fit, each box
    /// keeping 4 px of padding); if they are equal, the question in the top 40 % and the
    /// slider in the bottom 60 %.
    public func item(_ index: Int, title: String, question: String) -> Item {
        let box = itemBox(index)
        let wrap = box.width * 0.8
        guard title != question else {
            let questionBox = Rect(left: box.left, bottom: box.bottom + box.height * 0.6, width: box.width, height: box.height * 0.4)
            let slider = Rect(left: box.left, bottom: box.bottom, width: box.width, height: box.height * 0.6)
            return Item(title: nil, question: questionBox, slider: slider, titlePointSize: Self.pointSize,
                        questionPointSize: fitting(questionBox.height, question, wrap: wrap, bold: false))
        }
        let padding = 4.0
        var titleHeight = TextMetrics.wrappedHeight(title, pointSize: Self.pointSize, bold: true, width: wrap) + padding
        var questionHeight = TextMetrics.wrappedHeight(question, pointSize: Self.pointSize, width: wrap) + padding
        let sliderHeight = max(box.height * 0.4, box.height - titleHeight - questionHeight)
        let budget = box.height - sliderHeight
        if titleHeight + questionHeight > budget && budget > 0 {
            let ratio = budget / (titleHeight + questionHeight)
            titleHeight *= ratio
            questionHeight *= ratio
        }
        let titleBox = Rect(left: box.left, bottom: box.top - titleHeight, width: box.width, height: titleHeight)
        let questionBox = Rect(left: box.left, bottom: box.top - titleHeight - questionHeight, width: box.width, height: questionHeight)
        let slider = Rect(left: box.left, bottom: box.bottom, width: box.width, height: sliderHeight)
        return Item(title: titleBox, question: questionBox, slider: slider,
                    titlePointSize: fitting(titleHeight, title, wrap: wrap, bold: true),
                    questionPointSize: fitting(questionHeight, question, wrap: wrap, bold: false))
    }

    /// OpenMATB keeps 16 pt and lets text spill over its neighbours; labkiosk shrinks it to
    /// fit its box instead, so nothing overlaps on a small screen.
    private func fitting(_ height: Double, _ text: String, wrap: Double, bold: Bool) -> Double {
        TextMetrics.fittingPointSize(text, pointSize: Self.pointSize, minimumPointSize: Self.minimumPointSize, bold: bold, width: wrap, height: height)
    }
}
