import KioskCore

// A consent form as `labkiosk check` and a batch read it, then the block run over it as a
// restless participant would: taps across the whole screen, a name typed, a signature drawn,
// each screen drawn on the way.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard case .success(let form) = ConsentFormReader.read(FuzzInput(data, size).text, file: "form.toml") else { return 0 }
    let canvas = Canvas(width: 1280, height: 800)
    let block = ConsentBlock(form: form, pageTexts: form.pages.map { "<h1>\($0.file)</h1><p>\($0.file)</p>" }, canvas: canvas)
    var time = MonotonicTime(nanoseconds: 0)
    block.begin(at: time)
    func step(_ inputs: [InputEvent.Payload]) {
        time = MonotonicTime(nanoseconds: time.nanoseconds + 16_666_667)
        block.advance(to: time, inputs: inputs.map { InputEvent(time: time, $0) })
        consume(block.drawList())
    }
    for round in 0..<4 where !block.isFinished {
        for y in stride(from: 40.0, to: canvas.height, by: 80) {
            for x in stride(from: 60.0, to: canvas.width, by: 120) where !block.isFinished {
                let point = Point(x, y)
                step([.pointerDown(point, .finger(1)), .pointerUp(point, .finger(1))])
            }
        }
        step(["A", "D", "SPACE", "APOSTROPHE", "MINUS", "BACKSPACE", "ENTER"].map { .keyPress($0) })
        let box = block.signatureBox
        step([.pointerDown(Point(box.left + 1, box.bottom + 1), .pen(1)), .pointerMove(Point(box.centerX, box.centerY), .pen(1)),
              .pointerUp(Point(box.right + 99, box.top + 99), .pen(1))])
        consume(round)
    }
    consume(block.outcome)
    return 0
}
