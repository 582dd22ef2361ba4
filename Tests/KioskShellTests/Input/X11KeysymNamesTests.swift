import Testing
@testable import KioskShell

/// The simulated keyboard's keys (docs/simulate.md): each OpenMATB key name a participant
/// presses is made as the X key that SDL gives back under that name.
@Suite struct X11KeysymNamesTests {
    @Test func keysAreMadeAsTheXKeysLabkioskNamesSo() {
        #expect(X11KeysymNames.keysym(for: "F1") == "F1")
        #expect(X11KeysymNames.keysym(for: "F24") == "F24")
        #expect(X11KeysymNames.keysym(for: "SPACE") == "space")
        #expect(X11KeysymNames.keysym(for: "ENTER") == "Return")
        #expect(X11KeysymNames.keysym(for: "UP") == "Up")
        #expect(X11KeysymNames.keysym(for: "A") == "a")
        #expect(X11KeysymNames.keysym(for: "_7") == "7")
        #expect(X11KeysymNames.keysym(for: "NUM_1") == "KP_1")
        #expect(X11KeysymNames.keysym(for: "APOSTROPHE") == "apostrophe")
    }

    @Test func namesNoSingleKeyGivesAreNotMade() {
        for name in ["F25", "F0", "NUM_END", "EXCLAMATION", "user_key(3a)", "a", "_10", "", "JOY_BTN_1"] {
            #expect(X11KeysymNames.keysym(for: name) == nil, "\(name)")
        }
    }
}
