import FoundationEssentials
import Glibc
import KioskCore
import KioskData

/// liblsl, loaded at run time with `dlopen`: Debian 12 packages no liblsl, so labkiosk does
/// not link it; the PyPI package `pylsl` (`pip install pylsl`) ships one.
///
/// Search order: `LABKIOSK_LIBLSL` (a path to `liblsl.so`), the system's `liblsl.so` /
/// `liblsl.so.2` (the dynamic loader's search path), then the copy inside the `pylsl`
/// package of `python3`.
public final class LabStreamingLayerLibrary {
    typealias CreateStreamInfo = @convention(c) (
        UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, Double, Int32, UnsafePointer<CChar>?
    ) -> OpaquePointer?
    typealias CreateOutlet = @convention(c) (OpaquePointer?, Int32, Int32) -> OpaquePointer?
    typealias PushSampleStringTimed = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?, Double) -> Int32
    typealias Destroy = @convention(c) (OpaquePointer?) -> Void
    typealias LocalClock = @convention(c) () -> Double
    typealias LibraryVersion = @convention(c) () -> Int32
    typealias ResolveByProperty = @convention(c) (
        UnsafeMutablePointer<OpaquePointer?>?, UInt32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, Double
    ) -> Int32
    typealias CreateInlet = @convention(c) (OpaquePointer?, Int32, Int32, Int32) -> OpaquePointer?
    typealias TimedCall = @convention(c) (OpaquePointer?, Double, UnsafeMutablePointer<Int32>?) -> Double
    typealias OpenStream = @convention(c) (OpaquePointer?, Double, UnsafeMutablePointer<Int32>?) -> Void
    typealias PullSampleDouble = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, Int32, Double, UnsafeMutablePointer<Int32>?) -> Double
    typealias ChannelCount = @convention(c) (OpaquePointer?) -> Int32
    typealias InfoText = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?

    /// liblsl's `cft_string` channel format.
    static let stringChannelFormat: Int32 = 3

    /// The file that was loaded.
    public let path: String
    private let handle: UnsafeMutableRawPointer
    let createStreamInfo: CreateStreamInfo
    let createOutlet: CreateOutlet
    let pushSampleStringTimed: PushSampleStringTimed
    let destroyOutlet: Destroy
    let destroyStreamInfo: Destroy
    let localClock: LocalClock
    let libraryVersion: LibraryVersion
    let resolveByProperty: ResolveByProperty
    let createInlet: CreateInlet
    let openStream: OpenStream
    let timeCorrection: TimedCall
    let pullSampleDouble: PullSampleDouble
    let channelCount: ChannelCount
    let streamName: InfoText
    let streamType: InfoText
    let sourceID: InfoText
    let destroyInlet: Destroy

    /// Loads liblsl from the first place that has it.
    /// - Throws: `ShellError` naming every place tried and how to install it.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        var tried: [String] = []
        var loaded: (UnsafeMutableRawPointer, String)?
        for candidate in Self.candidates(environment: environment) {
            tried.append(candidate)
            if let handle = dlopen(candidate, RTLD_NOW | RTLD_LOCAL) {
                loaded = (handle, candidate)
                break
            }
        }
        guard let (handle, path) = loaded else {
            throw ShellError("the scenario uses labstreaminglayer but no liblsl was found (tried: \(tried.joined(separator: ", "))). "
                + "Install it with `pip install pylsl` (scripts/setup does), or set LABKIOSK_LIBLSL to a liblsl.so")
        }
        func symbol<T>(_ name: String, as type: T.Type) throws -> T {
            guard let address = dlsym(handle, name) else {
                dlclose(handle)
                throw ShellError("\(path) is not a usable liblsl: it has no \(name)")
            }
            return unsafeBitCast(address, to: type)
        }
        createStreamInfo = try symbol("lsl_create_streaminfo", as: CreateStreamInfo.self)
        createOutlet = try symbol("lsl_create_outlet", as: CreateOutlet.self)
        pushSampleStringTimed = try symbol("lsl_push_sample_strt", as: PushSampleStringTimed.self)
        destroyOutlet = try symbol("lsl_destroy_outlet", as: Destroy.self)
        destroyStreamInfo = try symbol("lsl_destroy_streaminfo", as: Destroy.self)
        localClock = try symbol("lsl_local_clock", as: LocalClock.self)
        libraryVersion = try symbol("lsl_library_version", as: LibraryVersion.self)
        resolveByProperty = try symbol("lsl_resolve_byprop", as: ResolveByProperty.self)
        createInlet = try symbol("lsl_create_inlet", as: CreateInlet.self)
        openStream = try symbol("lsl_open_stream", as: OpenStream.self)
        timeCorrection = try symbol("lsl_time_correction", as: TimedCall.self)
        pullSampleDouble = try symbol("lsl_pull_sample_d", as: PullSampleDouble.self)
        channelCount = try symbol("lsl_get_channel_count", as: ChannelCount.self)
        streamName = try symbol("lsl_get_name", as: InfoText.self)
        streamType = try symbol("lsl_get_type", as: InfoText.self)
        sourceID = try symbol("lsl_get_source_id", as: InfoText.self)
        destroyInlet = try symbol("lsl_destroy_inlet", as: Destroy.self)
        self.handle = handle
        self.path = path
    }

    deinit { dlclose(handle) }

    /// liblsl's version as `major.minor` (e.g. `1.16`).
    public var version: String {
        let v = libraryVersion()
        return "\(v / 100).\(v % 100)"
    }

    /// Where to look, in order.
    static func candidates(environment: [String: String]) -> [String] {
        var result: [String] = []
        if let explicit = environment["LABKIOSK_LIBLSL"], !explicit.isEmpty { result.append(explicit) }
        result += ["liblsl.so", "liblsl.so.2"]
        if let folder = pylslFolder(environment: environment) {
            result += ["\(folder)/lib/liblsl.so", "\(folder)/lib/liblsl.so.2"]
        }
        return result
    }

    /// The folder of the `pylsl` package `python3` imports, if any.
    private static func pylslFolder(environment: [String: String]) -> String? {
        guard let output = ChildProcess.output(
            of: "/usr/bin/env", arguments: ["python3", "-c", "import os, pylsl; print(os.path.dirname(pylsl.__file__))"],
            environment: environment)
        else { return nil }
        let folder = String(decoding: output, as: UTF8.self).trimmingSpacesTabsAndLineBreaks()
        return folder.isEmpty ? nil : folder
    }
}
