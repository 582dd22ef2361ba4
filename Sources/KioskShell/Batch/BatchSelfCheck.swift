import KioskCore

/// A batch's start-up self-check (``MachineCheck``) for its steps: the data folder and the room
/// the plan needs, the input devices in the folder the run reads, an audio output when a block
/// speaks, and the kiosk's timing certificate against the age the plan accepts and the display
/// the kiosk shows on.
public struct BatchSelfCheck {
    public let findings: [MachineCheck.Finding]
    /// The kiosk's timing certificate, said whether or not the plan asks for one.
    public let timingCertificate: TimingCertificateStanding
    /// The evdev folder checked; nil without a window, where no device is read.
    public let inputDirectory: String?
    /// Whether an audio output was looked for.
    public let lookedForAudio: Bool

    public init(steps: BatchSteps, options: RunOptions, headless: Bool, udevRule: String, timingCertificate: TimingCertificateStanding) {
        inputDirectory = headless ? nil : options.joystick.inputDirectory
        lookedForAudio = !headless && !options.mute && steps.speaksPrompts
        self.timingCertificate = timingCertificate
        findings = MachineCheck.run(dataDirectory: options.dataDirectory, neededBytes: steps.estimatedBytes, inputDirectory: inputDirectory,
                                    udevRule: udevRule, needsAudio: lookedForAudio)
            + timingCertificate.refusals.map { MachineCheck.Finding(stopsTheRun: true, text: $0) }
            + steps.timingSensorProblems(headless: headless).map { MachineCheck.Finding(stopsTheRun: true, text: $0) }
    }

    /// Nothing may start.
    public var stopsTheRun: Bool { findings.contains(where: \.stopsTheRun) }

    /// What the terminal is told: each finding, or what was found in order.
    public var lines: [String] {
        let refusals = timingCertificate.refusals
        let certificate = ([timingCertificate.line] + (timingCertificate.figures.map { [$0] } ?? []) + (timingCertificate.displayLine.map { [$0] } ?? []))
            .filter { !refusals.contains($0) }.map { "self-check: \($0)" }
        if !findings.isEmpty { return findings.map { "self-check: \($0)" } + certificate }
        return ["self-check: data folder writable with room for the plan"
            + (inputDirectory.map { ", input devices under \($0) readable" } ?? "")
            + (lookedForAudio ? ", audio output present" : "")] + certificate
    }
}
