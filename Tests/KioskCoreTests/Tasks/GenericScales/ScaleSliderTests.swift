import Testing
@testable import KioskCore

@Suite struct ScaleSliderTests {
    private func slider(_ minimum: Int, _ maximum: Int, _ initial: Int) -> ScaleSlider {
        ScaleSlider(Questionnaire.Scale(title: "T", question: "Q", minimumLabel: "lo", maximumLabel: "hi",
                                        minimum: minimum, maximum: maximum, initial: initial))
    }

    @Test func keysStepOnTheTwentyStepGrid() {
        var s = slider(0, 100, 50)
        s.step(by: 1)
        #expect(s.value == .float(55))
        s = slider(0, 100, 50)
        s.step(by: -1)
        #expect(s.value == .float(45))
        s = slider(0, 100, 50)
        for _ in 0..<3 { s.step(by: 1) }
        #expect(s.value == .float(65))
    }

    @Test func anOffGridValueSnapsFirst() {
        var s = slider(0, 100, 37)
        s.step(by: 1)
        #expect(s.value == .float(40))
        #expect(s.loggedText == "40.0")
    }

    @Test func stepsClampAtTheBounds() {
        var high = slider(0, 100, 100)
        let highMoved = high.step(by: 1)
        #expect(!highMoved)
        #expect(high.value == .int(100))
        var low = slider(0, 100, 5)
        low.step(by: -1)
        #expect(low.value == .float(0))
        let lowMoved = low.step(by: -1)
        #expect(!lowMoved)
    }

    @Test func loggedTextIsPythonStrOfTheFloat() {
        var s = slider(0, 10, 5)
        #expect(s.loggedText == "5")
        s.step(by: 1)
        #expect(s.loggedText == "5.5")
        s.step(by: 1)
        #expect(s.loggedText == "6.0")
        var dragged = slider(0, 100, 50)
        dragged.set(fraction: 0.57)
        // Python: 0.57 * (100 - 0) + 0 == 56.99999999999999, logged unrounded.
        #expect(dragged.loggedText == "56.99999999999999")
    }

    @Test func displayedValueRoundsHalfToEven() {
        var s = slider(0, 10, 5)
        s.step(by: 1)  // 5.5
        #expect(s.displayedValue == 6)
        s.step(by: -1)  // 5.0
        s.set(fraction: 0.45)  // 4.5
        #expect(s.displayedValue == 4)
    }

    @Test func zonesFillTheRowInOrder() {
        let row = Rect(left: 0, bottom: 0, width: 1000, height: 50)
        let plain = ScaleSlider.zones(in: row, showsValue: false)
        #expect(plain.minimumLabel.width == 200 && plain.slide.width == 600 && plain.maximumLabel.right == 1000)
        #expect(plain.value == nil)
        let valued = ScaleSlider.zones(in: row, showsValue: true)
        #expect(valued.slide.width == 600)
        #expect(abs(valued.minimumLabel.width - 400.0 / 3) < 1e-9)
        #expect(valued.minimumLabel.right <= valued.slide.left && valued.slide.right <= valued.maximumLabel.left)
        #expect(valued.maximumLabel.right <= (valued.value?.left ?? 0) + 1e-9)
        #expect(abs(ScaleSlider.groove(in: plain.slide).height - 10) < 1e-9, "knob radius = 20 % of the row")
    }
}
