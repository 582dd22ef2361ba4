import Testing
@testable import KioskCore

@Suite struct PromptsBlockDrawingTests {
    static let sequence = """
        title = "Guided imagery"
        [[help]]
        question = "Q"
        answer = "A"
        [[phase]]
        name = "see"
        text = "Imagine a {word}."
        image = "img/{word}.png"
        seconds = 1
        [[phase]]
        name = "ready"
        text = "Ready?"
        until = "continue"
        [[trial]]
        word = "lemon"
        [[trial]]
        word = "beach"
        """

    private func texts(_ list: DrawList) -> [(String, Rect, TextStyle)] {
        list.commands.compactMap { if case .text(let text, let box, let style) = $0 { (text, box, style) } else { nil } }
    }

    private func images(_ list: DrawList) -> [(String, Rect)] {
        list.commands.compactMap { if case .image(let name, let box) = $0 { (name, box) } else { nil } }
    }

    @Test func aPhaseShowsItsPictureFittedAboveLargeCentredText() throws {
        var script = try PromptsScript(Self.sequence, imageSizes: ["img/lemon.png": (800, 400), "img/beach.png": (400, 800)])
        let list = script.block.drawList()
        let picture = try #require(images(list).first)
        let text = try #require(texts(list).first { $0.0 == "Imagine a lemon." })
        #expect(picture.0 == "img/lemon.png")
        #expect(abs(picture.1.width / picture.1.height - 2) < 1e-9)
        #expect(picture.1.bottom >= text.1.top && abs(picture.1.centerX - 960) < 1e-9 && text.1.centerX == 960)
        #expect(text.2.pointSize >= 28 && text.2.alignment == .center && text.2.wraps)
        #expect(texts(list).contains { $0.0 == "Trial 1 of 2" && $0.1.left < 100 && $0.1.top > 1000 })
        #expect(texts(list).contains { $0.0 == "Guided imagery" })
        #expect(script.block.buttons.isEmpty)
        script.frame(1000)
        script.frame(1100, .keyRelease("SPACE"))
        let tall = try #require(images(script.block.drawList()).first)
        // A tall picture is limited by the height of the space above the text.
        #expect(tall.0 == "img/beach.png" && abs(tall.1.height / tall.1.width - 2) < 1e-9 && tall.1.height < 1080)
    }

    @Test func waitingScreensHaveFingerSizedButtons() throws {
        var script = try PromptsScript(Self.sequence)
        script.frame(1000)
        let buttons = script.block.buttons
        #expect(buttons.map(\.label) == ["Help (H)", "Continue (Space)"])
        #expect(buttons.allSatisfy { $0.box.height >= 96 })
        let list = script.block.drawList()
        #expect(texts(list).contains { $0.0 == "Continue (Space)" })
        // Without a picture size the picture is left out rather than stretched.
        #expect(images(list).isEmpty && texts(list).contains { $0.0 == "Ready?" && $0.2.pointSize == 40 })
        script.frame(1100, .keyRelease("H"))
        let help = script.block.drawList()
        #expect(texts(help).contains { $0.0 == "Help" } && texts(help).contains { $0.0 == "Choose a question." })
        script.frame(1200, .keyRelease("_1"))
        #expect(texts(script.block.drawList()).contains { $0.0 == "A" && $0.2.pointSize >= 28 })
    }

    @Test func theFitKeepsProportionsInsideTheArea() {
        let area = Rect(left: 100, bottom: 200, width: 1000, height: 500)
        #expect(PromptsLayout.fitted(width: 400, height: 100, in: area) == Rect(left: 100, bottom: 325, width: 1000, height: 250))
        #expect(PromptsLayout.fitted(width: 100, height: 100, in: area) == Rect(left: 350, bottom: 200, width: 500, height: 500))
        #expect(PromptsLayout.fitted(width: 0, height: 100, in: area) == .empty)
    }

    @Test func aFinishedBlockDrawsOnlyItsBackground() throws {
        var script = try PromptsScript(Self.sequence)
        script.end(at: 10)
        #expect(script.block.drawList().commands == [.fillRect(Canvas.openMATB.bounds, PromptsBlock.background)])
    }
}
