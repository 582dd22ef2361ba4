/// How far the response times a run logged are from the truth, for a run with `--real-input`
/// (docs/simulate.md): each answer's error is the response time in the log minus the time
/// from the image's onset, as the participant saw it, to the instant the tap was made. The
/// onset a simulated participant sees is the one the block logs: it judges an image once the
/// frame showing it has reached the screen, which is the onset logged.
public struct ResponseTimeErrors: Sendable {
    /// Each answer's error in milliseconds, in the order answered.
    public private(set) var milliseconds: [Double] = []

    public init() {}

    /// Adds the errors of one judgement block's answers: `log` is its log, `taps` the instants
    /// each answering tap was made. Each answered trial is paired with the first tap made at or
    /// after its onset that no earlier trial took, so a tap that came too late to count is left
    /// out with its trial. Returns the trials that had no tap to pair with (none when all is well).
    @discardableResult
    public mutating func add(log: JudgeLogFile, taps: [MonotonicTime]) -> Int {
        guard let firstFrame = log.value("first frame").flatMap({ Double($0.prefix { $0 != " " }) }) else {
            return log.rows.filter { $0.responseMilliseconds != nil }.count
        }
        var unpaired = 0
        var next = 0
        for row in log.rows {
            guard let logged = row.responseMilliseconds else { continue }
            // The log's times are in microseconds: an onset a microsecond early is the same onset.
            let onset = firstFrame + row.onsetSeconds - 1e-6
            while next < taps.count, taps[next].seconds < onset { next += 1 }
            guard next < taps.count else {
                unpaired += 1
                continue
            }
            let made = (taps[next].seconds - firstFrame - row.onsetSeconds) * 1000
            milliseconds.append(logged - made)
            next += 1
        }
        return unpaired
    }

    /// Adds errors measured before (read back from where they were kept).
    public mutating func add(milliseconds more: [Double]) { milliseconds += more }

    /// The mean error, and the 99th percentile and the largest of the errors' sizes; nil without answers.
    public var summary: TimeErrorSummary? { TimeErrorSummary(milliseconds) }
}
