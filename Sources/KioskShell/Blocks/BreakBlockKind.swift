import KioskCore

extension BlockKind {
    /// A rest between blocks, timed or self-paced.
    public static let `break` = BlockKind(plan: .break, screenTitle: "A break", fileNoun: "break", log: nil) { request in
        .success(LoadedBreak(seconds: request.block.seconds ?? 0, selfPaced: request.block.selfPaced))
    }
}

/// A break's length: how long it lasts, or, self-paced, the least it lasts.
struct LoadedBreak: LoadedBlock {
    let seconds: Double
    let selfPaced: Bool

    var images: [String: String] { [:] }
    var checkSummary: String { selfPaced ? "self-paced break" : "break" }

    func expectedSeconds(speed: Double) -> Double? { selfPaced ? nil : seconds }
    func estimatedBytes(speed: Double) -> Double { 0 }

    func host(_ request: BlockHostRequest) throws -> any BlockHost {
        PauseBlockHost(PauseBlock(canvas: request.canvas, title: "Break",
                                  message: selfPaced ? "Rest as long as you like, then continue." : "Rest for a moment; the session goes on by itself.",
                                  minimumSeconds: selfPaced ? seconds : 0, endsAfterSeconds: selfPaced ? nil : seconds))
    }
}
