import Testing
@testable import KioskCore

@Suite struct ScreenTitleTests {
    @Test func aTitleThatFitsOneLineIsAccepted() {
        #expect(ScreenTitle.problem("Practice: friend or foe") == nil)
    }

    @Test func aTitleTooWideOrOverLinesIsRefused() {
        #expect(ScreenTitle.problem(String(repeating: "W", count: 60))?.hasPrefix("`title` is too long to show on one line") == true)
        #expect(ScreenTitle.problem(String(repeating: "consent ", count: 2_500))?.contains("20000 characters") == true)
        #expect(ScreenTitle.problem("two\nlines") == "`title` is one line: it is shown on one line above the block")
    }

    @Test func richTextHeightCountsLinesSpacingAndPictures() {
        let font = RichText.Font(pointSize: 18)
        let line = TextMetrics.height(lines: 1, pointSize: 18)
        let short = RichText(blocks: [RichText.Block(alignment: .left, items: [.text("one line", font)])])
        #expect(short.estimatedHeight(width: 1000) { _ in nil } == line)
        let long = RichText(blocks: [RichText.Block(alignment: .left, items: [.text(String(repeating: "word ", count: 200), font)], spaceBefore: 10),
                                     RichText.Block(alignment: .left, items: [.image("map"), .lineBreak, .text("caption", font)])])
        let height = long.estimatedHeight(width: 500) { $0 == "map" ? (400, 300) : nil }
        let wrapped = TextMetrics.wrappedHeight(String(repeating: "word ", count: 200), pointSize: 18, width: 500)
        #expect(abs(height - (10 + wrapped + 300 + line)) <= line)
    }
}
