import Glibc
import KioskCore
import KioskData

/// The keyboard a simulated participant presses, for `labkiosk simulate --real-input`
/// (docs/simulate.md). Keys reach labkiosk only through the window system (SDL reads them from
/// X), so this keyboard is X's: the XTEST extension makes each key press and release in the X
/// server at the moment it is due, as a keyboard's would arrive, and the window receives it
/// as it receives a person's. A thread of its own (``DueOrderWriter``) makes them and keeps the instant of each.
///
/// libX11 and libXtst are opened when a simulation needs them (`dlopen`), so labkiosk links
/// neither: the window's own X connection is SDL's, which also opens libX11 itself. The
/// connection is used by the writer's thread alone once made (Xlib connections are not shared
/// between threads), and closed after it has finished: hence unchecked.
final class SimulatedKeyboard: @unchecked Sendable {
    private let display: OpaquePointer
    private let calls: XCalls
    private let writer = DueOrderWriter(label: "labkiosk.simulated-keyboard")
    /// The inputs made since they were last taken, and the first failure to make one.
    let made = MadeInputs()

    /// Opens its own connection to the X display `DISPLAY` names; turns NumLock on, so that
    /// keypad keys give digits (OpenMATB's pump keys, `NUM_1` …), as on a kiosk set up for it.
    init() throws {
        calls = try XCalls()
        guard let display = calls.openDisplay(nil) else {
            throw ShellError("the simulated keyboard: cannot open the X display \(getenv("DISPLAY").map { String(cString: $0) } ?? "(DISPLAY is unset)")")
        }
        self.display = display
        var major: Int32 = 0, minor: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard calls.queryExtension(display, &event, &error, &major, &minor) != 0 else {
            _ = calls.closeDisplay(display)
            throw ShellError("the simulated keyboard: the X server has no XTEST extension, which makes its keys")
        }
        if !isNumLockOn, let numLock = keycode("Num_Lock") {
            _ = calls.fakeKeyEvent(display, numLock, 1, 0)
            _ = calls.fakeKeyEvent(display, numLock, 0, 0)
            _ = calls.sync(display, 0)
        }
    }

    /// Closes the connection, once every key has been made.
    func close() {
        writer.close()
        _ = calls.closeDisplay(display)
    }

    /// Makes `input`, a key's press or release, when its time comes. Anything else is not a key's, and is refused.
    func make(_ input: InputEvent) {
        let key: String, down: Bool
        switch input.payload {
        case .keyPress(let name): (key, down) = (name, true)
        case .keyRelease(let name): (key, down) = (name, false)
        default: preconditionFailure("a keyboard makes only key presses and releases")
        }
        writer.at(input.time) { [self] in
            guard let code = X11KeysymNames.keysym(for: key).flatMap(keycode) else {
                return made.fail("the simulated keyboard has no key \(key)")
            }
            let instant = MonotonicClock.now()
            let sent = calls.fakeKeyEvent(display, code, down ? 1 : 0, 0) != 0
            _ = calls.flush(display)
            if sent {
                made.add(input.payload, madeAt: instant)
            } else {
                made.fail("the simulated keyboard: XTEST refused key \(key)")
            }
        }
    }

    private func keycode(_ keysym: String) -> UInt32? {
        let symbol = calls.stringToKeysym(keysym)
        guard symbol != 0 else { return nil }
        let code = calls.keysymToKeycode(display, symbol)
        return code == 0 ? nil : UInt32(code)
    }

    /// NumLock's modifier (Mod2 on every X server set up as usual) in the pointer's state.
    private var isNumLockOn: Bool {
        let root = calls.defaultRootWindow(display)
        var rootReturn: UInt = 0, child: UInt = 0
        var x: Int32 = 0, y: Int32 = 0, windowX: Int32 = 0, windowY: Int32 = 0, mask: UInt32 = 0
        _ = calls.queryPointer(display, root, &rootReturn, &child, &x, &y, &windowX, &windowY, &mask)
        return mask & Self.mod2Mask != 0
    }

    private static let mod2Mask: UInt32 = 1 << 4
}

/// The few calls of libX11 and libXtst the simulated keyboard makes, found at run time.
private struct XCalls: @unchecked Sendable {
    let openDisplay: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    let closeDisplay: @convention(c) (OpaquePointer) -> Int32
    let defaultRootWindow: @convention(c) (OpaquePointer) -> UInt
    let queryPointer: @convention(c) (OpaquePointer, UInt, UnsafeMutablePointer<UInt>, UnsafeMutablePointer<UInt>, UnsafeMutablePointer<Int32>,
                                      UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>,
                                      UnsafeMutablePointer<UInt32>) -> Int32
    let stringToKeysym: @convention(c) (UnsafePointer<CChar>) -> UInt
    let keysymToKeycode: @convention(c) (OpaquePointer, UInt) -> UInt8
    let flush: @convention(c) (OpaquePointer) -> Int32
    let sync: @convention(c) (OpaquePointer, Int32) -> Int32
    let queryExtension: @convention(c) (OpaquePointer, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>,
                                        UnsafeMutablePointer<Int32>) -> Int32
    let fakeKeyEvent: @convention(c) (OpaquePointer, UInt32, Int32, UInt) -> Int32

    init() throws {
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL) else { throw ShellError("the simulated keyboard needs libX11.so.6: \(Self.lastError)") }
        guard let xtst = dlopen("libXtst.so.6", RTLD_NOW | RTLD_LOCAL) else {
            throw ShellError("the simulated keyboard needs libXtst.so.6 (Debian's libxtst6): \(Self.lastError)")
        }
        func find<T>(_ library: UnsafeMutableRawPointer, _ name: String) throws -> T {
            guard let symbol = dlsym(library, name) else { throw ShellError("the simulated keyboard: \(name) is missing: \(Self.lastError)") }
            return unsafeBitCast(symbol, to: T.self)
        }
        openDisplay = try find(x11, "XOpenDisplay")
        closeDisplay = try find(x11, "XCloseDisplay")
        defaultRootWindow = try find(x11, "XDefaultRootWindow")
        queryPointer = try find(x11, "XQueryPointer")
        stringToKeysym = try find(x11, "XStringToKeysym")
        keysymToKeycode = try find(x11, "XKeysymToKeycode")
        flush = try find(x11, "XFlush")
        sync = try find(x11, "XSync")
        queryExtension = try find(xtst, "XTestQueryExtension")
        fakeKeyEvent = try find(xtst, "XTestFakeKeyEvent")
    }

    private static var lastError: String { dlerror().map { String(cString: $0) } ?? "unknown error" }
}
