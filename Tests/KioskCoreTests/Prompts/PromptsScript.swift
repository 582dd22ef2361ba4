@testable import KioskCore

/// Runs a prompts block as the runner does, frame by frame at times in milliseconds on the
/// block's clock, and keeps everything it hands over.
struct PromptsScript {
    let block: PromptsBlock
    /// The shell's clock when the block began: far from zero, so block times are offsets.
    static let start = MonotonicTime(nanoseconds: 5_000_000_000_000)
    private(set) var outputs: [PromptsOutput] = []

    init(_ sequenceText: String, seed: UInt64 = 1, imageSizes: [String: (width: Int, height: Int)] = [:],
         speechSeconds: [String: Double] = [:], canvas: Canvas = .openMATB) throws {
        let sequence = try PromptSequenceReader.read(sequenceText, file: "test.toml").get()
        block = PromptsBlock(sequence: sequence, canvas: canvas, seed: seed, imageSizes: imageSizes, speechSeconds: speechSeconds)
        block.begin(at: Self.start)
        outputs += block.takeOutputs()
    }

    /// The shell's clock `nanoseconds` into the block.
    static func clock(_ nanoseconds: Int64) -> MonotonicTime { MonotonicTime(nanoseconds: start.nanoseconds + nanoseconds) }

    /// One frame at `milliseconds`, with inputs stamped at that moment.
    mutating func frame(_ milliseconds: Int64, _ inputs: InputEvent.Payload...) {
        frame(nanoseconds: milliseconds * 1_000_000, inputs)
    }

    mutating func frame(nanoseconds: Int64, _ inputs: [InputEvent.Payload] = []) {
        let time = Self.clock(nanoseconds)
        block.advance(to: time, inputs: inputs.map { InputEvent(time: time, $0) })
        outputs += block.takeOutputs()
    }

    mutating func dismiss(at milliseconds: Int64) {
        block.dismissWaitingScreen(at: Self.clock(milliseconds * 1_000_000))
        outputs += block.takeOutputs()
    }

    mutating func end(at milliseconds: Int64) {
        block.end(at: Self.clock(milliseconds * 1_000_000))
        outputs += block.takeOutputs()
    }

    /// A tap on the button of `role` on the screen shown now, at `milliseconds`.
    mutating func tap(_ role: PromptsButton.Role, at milliseconds: Int64) {
        guard let box = block.buttons.first(where: { $0.role == role })?.box else { return frame(milliseconds) }
        frame(milliseconds, .pointerUp(Point(box.centerX, box.centerY), .finger(1)))
    }

    var rows: [PromptsRow] {
        outputs.compactMap { if case .row(let row) = $0 { row } else { nil } }
    }

    var markers: [PromptsMarker] {
        outputs.compactMap { if case .marker(let marker) = $0 { marker } else { nil } }
    }

    var spoken: [String] {
        outputs.compactMap { if case .speak(let text) = $0 { text } else { nil } }
    }

    /// Each row as `event phase time/frame detail`, times in milliseconds of the block's clock
    /// (exact: a fraction shows when there is one).
    var brief: [String] {
        rows.map { row in
            var text = row.event.rawValue
            if !row.phase.isEmpty { text += " \(row.phase)" }
            text += " \(Self.milliseconds(row.time))/\(Self.milliseconds(row.frame))"
            if !row.detail.isEmpty { text += " \(row.detail)" }
            return text
        }
    }

    static func milliseconds(_ time: ScenarioTime) -> String {
        let whole = time.nanoseconds / 1_000_000, rest = time.nanoseconds % 1_000_000
        return rest == 0 ? "\(whole)" : "\(whole)+\(rest)ns"
    }
}
