@testable import KioskCore

/// Plays inputs into a drawing-pad block frame by frame, as the runner does, and writes what
/// it hands over into a journal as the host does, with fixed wall dates.
struct PadTrialScript {
    let block: PadBlock
    private(set) var frame = MonotonicTime(nanoseconds: 5_000_000_000_000)
    private(set) var journal = ""
    private(set) var outputs: [PadOutput] = []
    let experimentStart = LocalDateTime(year: 2025, month: 2, day: 3, hour: 9, minute: 15, second: 40)
    let trialStart = LocalDateTime(year: 2025, month: 2, day: 3, hour: 9, minute: 15, second: 52)
    var information = ["pad: test"]

    /// A pad of 1260×600 with 1200×600 images, on a 1920×1080 canvas with controls: the pad's
    /// top-left corner is at canvas (330, 900).
    init(_ configure: (inout PadConfiguration) -> Void = { _ in }, participant: String? = "P042") throws {
        var configuration = PadConfiguration()
        configuration.familiarisationImage = "img/P1.png"
        configuration.stimulusImages = ["img/S1.png", "img/S2.png", "img/S3.png"]
        configure(&configuration)
        var sizes: [String: (width: Int, height: Int)] = [:]
        for image in [configuration.familiarisationImage, configuration.inputMask].compactMap({ $0 }) + configuration.stimulusImages {
            sizes[image] = (1200, 600)
        }
        block = try PadBlock(configuration: configuration, imageSizes: sizes, canvas: .openMATB, participant: participant)
        block.begin(at: frame)
        collect()
    }

    /// A canvas point for a pad pixel position.
    static func pad(_ x: Double, _ y: Double) -> Point { Point(330 + x, 900 - y) }

    /// One frame `milliseconds` after the last, with inputs stamped at offsets (ms) after the last frame.
    mutating func frame(after milliseconds: Int64 = 17, _ inputs: [(Int64, InputEvent.Payload)] = [], samples: [PointerSample?] = []) {
        let previous = frame
        frame = MonotonicTime(nanoseconds: previous.nanoseconds + milliseconds * 1_000_000)
        let events = inputs.enumerated().map { index, input in
            InputEvent(time: MonotonicTime(nanoseconds: previous.nanoseconds + input.0 * 1_000_000 + 123), input.1,
                       pointerSample: index < samples.count ? samples[index] : nil)
        }
        block.advance(to: frame, inputs: events)
        collect()
    }

    mutating func key(_ name: String, holdMilliseconds: Int64 = 300) {
        frame([(5, .keyPress(name))])
        frame(after: holdMilliseconds, [(holdMilliseconds - 7, .keyRelease(name))])
    }

    mutating func stroke(from a: Point, to b: Point, steps: Int = 4, tool: InputEvent.Pointer = .mouse) {
        frame([(3, .pointerDown(a, tool))])
        for step in 1..<steps {
            let t = Double(step) / Double(steps)
            frame([(4, .pointerMove(Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t), tool))])
        }
        frame([(2, .pointerUp(b, tool))])
    }

    private mutating func collect() {
        for output in block.takeOutputs() {
            outputs.append(output)
            switch output {
            case .experimentStarted: break
            case .trialOpened(let opening):
                journal += PadJournal.opening(header: opening.header(experimentStart: experimentStart, trialStart: trialStart),
                                              start: opening.start, information: information)
            case .record(let record): journal += PadJournal.line(record)
            case .trialEnded:
                journal += PadJournal.closing(trialEnd: LocalDateTime(year: 2025, month: 2, day: 3, hour: 9, minute: 16, second: 31))
            }
        }
    }

    /// The trial's files, from the journal.
    func files() throws -> PadTrialFiles {
        PadTrialFiles.compose(try PadJournal.read(journal).get())
    }
}
