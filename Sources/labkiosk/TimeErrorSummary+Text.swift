import KioskCore
import KioskData

extension TimeErrorSummary {
    /// `mean 0.000 ms, p99 0.001 ms, max 0.001 ms`.
    var text: String { String(cFormat: "mean %.3f ms, p99 %.3f ms, max %.3f ms", mean, p99, max) }
}
