/// The bookkeeping figures a batch's windowed block carries about where it was shown: the
/// display (`display`, as ``CurrentDisplay/described`` says it) and the timing certificate the
/// kiosk held then (`timing certificate`). A certificate's figures hold only for the display they
/// were measured on, and a plan that asks for none still runs on any display, so each block says
/// which display its onsets came from: the lab weighs that display against the certificates it
/// holds, and the batch's report and journal say it where no lab is (docs/timing.md).
public enum ShownDisplayFigures {
    public static let display = "display"
    public static let certificate = "timing certificate"

    /// The two figures for a block shown on `standing`'s display; none for a headless block,
    /// which shows nothing.
    public static func of(_ standing: TimingCertificateStanding) -> [(name: String, value: String)] {
        guard let display = standing.display else { return [] }
        let certificate: String
        if let latest = standing.latest {
            certificate = "made \(latest.made) "
                + (standing.displayDifferences.isEmpty
                    ? "on this display"
                    : "on another display (\(standing.displayDifferences.map(\.rawValue).joined(separator: ", ")))")
        } else {
            certificate = "none"
        }
        return [(Self.display, display.described), (Self.certificate, certificate)]
    }
}
