import Testing
@testable import KioskCore

@Suite struct SlideFileTests {
    @Test func linesWithAHashAnywhereAreDropped() {
        let file = SlideFile("<p>kept</p>\n# comment\n<p style=\"color:#ff0000\">dropped too</p>\nlast", ignoringEmptyLines: false)
        #expect(file.slides.count == 1)
        #expect(file.slides[0].body.map(\.text) == ["<p>kept</p>", "last"])
        #expect(file.slides[0].body.map(\.number) == [1, 4])
    }

    @Test func newpageStartsASlideAndDiscardsTheRestOfItsLine() {
        let file = SlideFile("one\n<newpage> ignored text\ntwo\n\n<newpage>\n", ignoringEmptyLines: false)
        #expect(file.slides.map { $0.body.map(\.text) } == [["one"], ["two", ""], []])
    }

    @Test func theLastH1LineIsTheTitle() {
        let file = SlideFile("<h1>First</h1>\nbody\n<h1>Second</h1>\nmore", ignoringEmptyLines: false)
        #expect(file.slides[0].title == SlideFile.Line(number: 3, text: "<h1>Second</h1>"))
        #expect(file.slides[0].body.map(\.text) == ["<h1>First</h1>", "body", "more"])
    }

    @Test func questionnairesIgnoreBlankLines() {
        let file = SlideFile("a\n\n   \nb\r\nc", ignoringEmptyLines: true)
        #expect(file.slides[0].body.map(\.text) == ["a", "b", "c"])
        #expect(file.slides[0].body.map(\.number) == [1, 4, 5])
    }

    @Test func imageTagsAreFoundWhateverTheirCase() {
        let file = SlideFile("<IMG src=a.png> <Img src=b.png>\n<p><img src=c.png></p>", ignoringEmptyLines: false)
        #expect(file.imageReferences.map(\.name) == ["a.png", "b.png", "c.png"])
        #expect(file.imageReferences.map(\.column) == [1, 17, 4])
        // Only ASCII letters fold: a dotted capital I is no `i`.
        #expect(SlideFile("<\u{130}MG src=d.png>", ignoringEmptyLines: false).imageReferences.isEmpty)
    }

    @Test func anEmptyFileIsOneEmptySlide() {
        #expect(SlideFile("", ignoringEmptyLines: false).slides == [SlideFile.Slide(title: nil, body: [])])
    }
}
