import KioskCore
import KioskData

/// The LSL outlet OpenMATB creates for its markers (docs/openmatb-behaviour.md: Lab Streaming Layer): name
/// `OpenMATB`, type
/// `Markers`, one string channel, irregular rate, source id `myuidw435368`.
public final class MarkerOutlet: MarkerStream {
    public static let name = "OpenMATB"
    public static let type = "Markers"
    public static let sourceIdentifier = "myuidw435368"

    private let library: LabStreamingLayerLibrary
    private let info: OpaquePointer
    private let outlet: OpaquePointer
    /// LSL clock minus the shell's monotonic clock, in seconds, so a sample carries the
    /// time its row was logged rather than the time it was pushed.
    private let clockOffset: Double

    public init(library: LabStreamingLayerLibrary) throws {
        guard let info = library.createStreamInfo(Self.name, Self.type, 1, 0, LabStreamingLayerLibrary.stringChannelFormat, Self.sourceIdentifier)
        else { throw ShellError("liblsl could not describe the OpenMATB stream") }
        // chunk size 0 (each sample sent as it comes), 360 s of buffer: liblsl's defaults.
        guard let outlet = library.createOutlet(info, 0, 360) else {
            library.destroyStreamInfo(info)
            throw ShellError("liblsl could not open the OpenMATB outlet")
        }
        self.library = library
        self.info = info
        self.outlet = outlet
        clockOffset = library.localClock() - MonotonicClock.now().seconds
    }

    deinit {
        library.destroyOutlet(outlet)
        library.destroyStreamInfo(info)
    }

    /// Pushes one string sample stamped with `time` (on the shell's monotonic clock).
    /// - Returns: false if liblsl refused it.
    @discardableResult
    public func push(_ text: String, at time: MonotonicTime) -> Bool {
        text.withCString { pointer in
            var sample: UnsafePointer<CChar>? = pointer
            return library.pushSampleStringTimed(outlet, &sample, time.seconds + clockOffset) == 0
        }
    }
}
