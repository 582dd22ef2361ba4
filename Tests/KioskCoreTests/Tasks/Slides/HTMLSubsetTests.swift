import Testing
@testable import KioskCore

@Suite struct HTMLSubsetTests {
    private func block(_ html: String) -> [RichText.Block] { HTMLSubset.richText(html).blocks }

    @Test func headingsAndParagraphsGetOpenMATBSizes() {
        let blocks = block("<h1>Title</h1><h2>Sub</h2><p>Body</p>")
        #expect(blocks.map(\.items) == [
            [.text("Title", RichText.Font(pointSize: 24, bold: true))],
            [.text("Sub", RichText.Font(pointSize: 24, italic: true))],
            [.text("Body", RichText.Font(pointSize: 18))],
        ])
        #expect(blocks.map(\.alignment) == [.center, .center, .center])
        #expect(blocks[0].spaceBefore == 0 && blocks[1].spaceBefore > 0)
    }

    @Test func inlineStylesNestAndWhitespaceCollapses() {
        let text = HTMLSubset.richText("<p>Six\n   <strong>big <i>gauges</i></strong> here.</p>", alignment: .left)
        #expect(text.blocks[0].items == [
            .text("Six ", RichText.Font(pointSize: 18)),
            .text("big ", RichText.Font(pointSize: 18, bold: true)),
            .text("gauges", RichText.Font(pointSize: 18, bold: true, italic: true)),
            .text(" here.", RichText.Font(pointSize: 18)),
        ])
        #expect(text.plainText == "Six big gauges here.")
    }

    @Test func anUnclosedH1EndsAtTheNextParagraph() {
        // OpenMATB's welcome_screen.txt: `<h1>Présentation du OpenMATB` with no end tag.
        let blocks = block("<h1>Présentation du OpenMATB\n<p>OpenMATB est un logiciel</p>")
        #expect(blocks.count == 2)
        #expect(blocks[1].items == [.text("OpenMATB est un logiciel", RichText.Font(pointSize: 18))])
    }

    @Test func imagesBreaksListsAndEntities() {
        let text = HTMLSubset.richText("<center><p>A&amp;B &eacute;t&#233;<br>line two <img src=openmatb.png></p></center><ul><li>one<li>two</ul>")
        #expect(text.imageNames == ["openmatb.png"])
        #expect(text.plainText == "A&B été\nline two [openmatb.png]\n• one\n• two")
        #expect(HTMLSubset.richText("<img src=\"a b.png\"/>").imageNames == ["a b.png"])
    }

    @Test func strayAngleBracketsAreText() {
        #expect(HTMLSubset.richText("1 < 2 and 3 > 2").plainText == "1 < 2 and 3 > 2")
    }
}
