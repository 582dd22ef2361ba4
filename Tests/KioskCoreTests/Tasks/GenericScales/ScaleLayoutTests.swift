import Testing
@testable import KioskCore

@Suite struct ScaleLayoutTests {
    let screen = Rect(left: 0, bottom: 0, width: 1920, height: 1080)

    @Test func sixItemsAtReferenceSizeSitAtTheSpecBottoms() {
        let layout = ScaleLayout(itemCount: 6, screen: screen)
        #expect((0..<6).map { layout.itemBox($0).bottom.rounded() } == [918, 774, 630, 486, 342, 198])
        #expect((0..<6).allSatisfy { abs(layout.itemBox($0).height - 108) < 1e-9 })
        #expect(abs(layout.block.height - 972) < 1e-9 && abs(layout.block.bottom - 54) < 1e-9)
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func fewerItemsRunDownFromTheCentredBlockTop(_ count: Int) {
        let layout = ScaleLayout(itemCount: count, screen: screen)
        let boxes = (0..<count).map(layout.itemBox)
        #expect(zip(boxes, boxes.dropFirst()).allSatisfy { $0.bottom > $1.top - 1e-9 }, "top to bottom, no overlap")
        #expect(abs(boxes[0].top - (540 + 0.075 * Double(count) * 1080)) < 1e-9)
        // OpenMATB's formula leaves the last slot empty: the last item sits one step above the block's bottom.
        #expect(abs(boxes[count - 1].bottom - (layout.block.bottom + (layout.block.height - 108) / Double(count))) < 1e-9)
    }

    @Test func titleEqualToQuestionSplitsFortySixty() {
        let item = ScaleLayout(itemCount: 6, screen: screen).item(0, title: "Same", question: "Same")
        #expect(item.title == nil)
        #expect(TaskHost.aoiValue(item.question) == .tuple([.int(0), .float(1026.0), .int(1920), .float(982.8)]))
        #expect(TaskHost.aoiValue(item.slider) == .tuple([.int(0), .float(982.8), .int(1920), .float(918.0)]))
    }

    @Test(arguments: ["Effort", "How much mental and perceptual activity was required (e.g., thinking, deciding, calculating, remembering, looking, searching, etc.)? Was the task easy or demanding, simple or complex, exacting or forgiving?", String(repeating: "very long question text ", count: 60)])
    func titleAndQuestionNeverOverlapTheSlider(_ question: String) throws {
        let layout = ScaleLayout(itemCount: 6, screen: screen)
        for index in 0..<6 {
            let box = layout.itemBox(index)
            let item = layout.item(index, title: "Mental demand", question: question)
            let title = try #require(item.title)
            #expect(item.slider.height >= box.height * 0.4 - 1e-9)
            #expect(abs(item.slider.bottom - box.bottom) < 1e-9)
            #expect(item.question.bottom >= item.slider.top - 1e-9)
            #expect(title.bottom >= item.question.top - 1e-9)
            #expect(title.top <= box.top + 1e-9)
            #expect(item.questionPointSize >= ScaleLayout.minimumPointSize && item.questionPointSize <= 16)
        }
    }
}
