import Testing
import TestSupport

@testable import KioskCore

/// Every validator (docs/openmatb-behaviour.md: Parameter validators) on the examples there, the
/// reference values and OpenMATB's tests/test_validation.py.
@Suite struct ValueTypeTests {
    /// Two include files exist: one instruction file and one questionnaire.
    static let context = ValidationContext { folder, path in
        switch folder {
        case .instructions: path == "default/welcome_screen.txt"
        case .questionnaires: path == "nasatlx_en.txt"
        }
    }

    func value(_ type: ValueType, _ raw: String) -> PyValue? {
        try? type.validate(raw, context: Self.context).get()
    }

    func error(_ type: ValueType, _ raw: String) -> ValueError? {
        guard case .failure(let error) = type.validate(raw, context: Self.context) else { return nil }
        return error
    }

    // MARK: string

    @Test func stringKeepsSpaces() {
        #expect(value(.string, "Hello World") == .string("Hello World"))
        #expect(value(.string, "  padded\t") == .string("  padded\t"))
        #expect(value(.string, "") == .string(""))
    }

    // MARK: natural

    @Test(arguments: [
        ("42", 42), ("3.14", 3), ("2*3", 6), ("0x10", 16), ("1e3", 1000), ("True", 1), ("0", 0),
        ("1 00", 100), ("-0.5", 0), ("7//2", 3), ("0b101", 5), ("1_000", 1000), ("(5)", 5), ("5#note", 5),
        ("False", 0), ("2**10", 1024),
    ])
    func naturalAccepts(raw: String, expected: Int) {
        #expect(value(.natural, raw) == .int(expected))
    }

    @Test(arguments: [
        "-1", "abc", "", "(1,2)", "None", "1/0", "nan", "1e400", "99999999999999999999", "RED", "0123",
        "1\t00", "1 0 -20",
    ])
    func naturalRejects(raw: String) {
        #expect(error(.natural, raw) == .notNatural(ValueType.removingSpaces(raw)))
    }

    /// Python's `eval` would accept these (`int('5')` is 5, `abs(-3)` is 3); strings and
    /// calls are outside the evaluated subset, so they are reported instead.
    @Test(arguments: ["'5'", "abs(-3)", "(1,2,3)[0]"])
    func naturalDoesNotEvaluateStringsCallsOrSubscripts(raw: String) {
        #expect(error(.natural, raw) == .notNatural(raw))
    }

    // MARK: positive

    @Test func positiveStoresTheUntruncatedValue() {
        #expect(value(.positive, "3") == .int(3))
        #expect(value(.positive, "1.5") == .float(1.5))
        #expect(value(.positive, "2*3") == .int(6))
        #expect(value(.positive, "True") == .bool(true))
        #expect(value(.positive, "2 000") == .int(2000))
    }

    @Test(arguments: ["0", "0.5", "-1", "False", "x", "", "0.0"])
    func positiveRejects(raw: String) {
        #expect(error(.positive, raw) == .notPositive(raw))
    }

    // MARK: bool

    @Test(arguments: [
        ("True", true), ("true", true), ("tRUE", true), ("TRUE", true), ("False", false), ("fAlse", false),
        ("1", true), ("0", false), ("Tr ue", true),
    ])
    func boolAccepts(raw: String, expected: Bool) {
        #expect(value(.bool, raw) == .bool(expected))
    }

    @Test(arguments: ["yes", "2", "", "T", "True1", "01", "on", "\u{FF34}rue", "\u{212A}"])
    func boolRejects(raw: String) {
        #expect(error(.bool, raw) == .notBool(raw))
    }

    // MARK: color

    @Test func colorAcceptsHexNamesAndTuples() {
        #expect(value(.color, "#00ff00") == .color(Color(0, 255, 0)))
        #expect(value(.color, "#ff0000") == .color(Color(255, 0, 0)))
        #expect(value(.color, "#ABCDEF") == .color(Color(171, 205, 239)))
        #expect(value(.color, "WHITE") == .color(Color(255, 255, 255, 255)))
        #expect(value(.color, "RED") == .tuple([.int(241), .int(100), .int(100), .int(255)]))
        #expect(value(.color, "(100,200,50,255)") == .color(Color(100, 200, 50, 255)))
        #expect(value(.color, "( 100, 200, 50, 255 )") == .color(Color(100, 200, 50, 255)))
        #expect(value(.color, "[100,200,50,255]") == .color(Color(100, 200, 50, 255)))
        #expect(value(.color, "100,200,50,255") == .color(Color(100, 200, 50, 255)))
        #expect(value(.color, "(0.5,0,0,255)") == .tuple([.float(0.5), .int(0), .int(0), .int(255)]))
        #expect(value(.color, "(True,0,0,255)") == .tuple([.bool(true), .int(0), .int(0), .int(255)]))
    }

    @Test func colorRejectsWithTheRightMessage() {
        #expect(error(.color, "white") == .notColor("white"))
        #expect(error(.color, "#abc") == .notColor("#abc"))
        #expect(error(.color, "#12345") == .notColor("#12345"))
        #expect(error(.color, "") == .notColor(""))
        #expect(error(.color, "(300,200,50,255)") == .colorOutOfRange("(300, 200, 50, 255)"))
        #expect(error(.color, "(300, 200, 50, 255)") == .colorOutOfRange("(300, 200, 50, 255)"))
        #expect(error(.color, "[-1,0,0,0]") == .colorOutOfRange("[-1, 0, 0, 0]"))
        #expect(error(.color, "(1,2,3)") == .colorOutOfRange("(1, 2, 3)"))
        #expect(error(.color, "42") == .colorOutOfRange("42"))
        #expect(error(.color, "1e3") == .colorOutOfRange("1000.0"))
        #expect(error(.color, "None") == .colorOutOfRange("None"))
        #expect(error(.color, "((1,2),3,4,5)") == .colorOutOfRange("((1, 2), 3, 4, 5)"))
    }

    // MARK: positive float

    @Test(arguments: [("3.14", 3.14), ("108.", 108.0), (".5", 0.5), ("108.0", 108.0), ("00.5", 0.5), ("1 08.", 108.0)])
    func positiveFloatAccepts(raw: String, expected: Double) {
        #expect(value(.positiveFloat, raw) == .float(expected))
    }

    @Test(arguments: ["108", "5", "0.0", "-1.5", ".", "1.2.3", "1e3", "", "\u{0661}.\u{0665}", "0.", "+1.5"])
    func positiveFloatRejects(raw: String) {
        #expect(error(.positiveFloat, raw) == .notPositiveFloat(ValueType.removingSpaces(raw)))
    }

    // MARK: unit

    @Test(arguments: [("0", 0.0), ("0.5", 0.5), ("1", 1.0), ("True", 1.0), ("1/2", 0.5), (".25", 0.25), ("0b1", 1.0)])
    func unitAccepts(raw: String, expected: Double) {
        #expect(value(.unit, raw) == .float(expected))
    }

    @Test(arguments: ["1.5", "-0.1", "abc", "(0.5,)", "nan", "", "1/0", "2**-1-1"])
    func unitRejects(raw: String) {
        #expect(error(.unit, raw) == .notUnit(raw))
    }

    // MARK: oneOf and location

    @Test func oneOfReturnsAScalarForOneItemAndAListForSeveral() {
        let abc = ValueType.oneOf(["a", "b", "c"])
        #expect(value(abc, "a") == .string("a"))
        #expect(value(abc, "a,b") == .list([.string("a"), .string("b")]))
        #expect(value(abc, "a, b") == .list([.string("a"), .string("b")]))
    }

    @Test func oneOfEvaluatesItemsAsLiteralsWhenAllOfThemAre() {
        let side = ValueType.oneOf(["-1", "0", "1"])
        #expect(value(side, "-1") == .int(-1))
        #expect(value(side, "1,0") == .list([.int(1), .int(0)]))
        #expect(value(.oneOf(["True", "False"]), "True") == .bool(true))
        #expect(value(.oneOf(["-1", "on"]), "-1,on") == .list([.string("-1"), .string("on")]))
    }

    @Test func oneOfNamesTheRejectedItems() {
        let side = ValueType.oneOf(["-1", "0", "1"])
        #expect(error(side, "2") == .notAmongChoices(choices: ["-1", "0", "1"], rejected: ["2"]))
        #expect(error(side, "2,0,x") == .notAmongChoices(choices: ["-1", "0", "1"], rejected: ["2", "x"]))
        #expect(error(side, "") == .notAmongChoices(choices: ["-1", "0", "1"], rejected: [""]))
        #expect(error(side, "1,") == .notAmongChoices(choices: ["-1", "0", "1"], rejected: [""]))
        // Code-point comparison: a decomposed "é" is not the precomposed choice.
        #expect(error(.oneOf(["\u{E9}"]), "e\u{301}") != nil)
    }

    @Test func locationAcceptsTheSevenRegionsOnly() {
        for name in ValueType.locationChoices {
            #expect(value(.location, name) == .string(name))
            #expect(Placement(rawValue: name) != nil)
        }
        #expect(value(.location, "topleft,topmid") == .list([.string("topleft"), .string("topmid")]))
        #expect(error(.location, "invisible") == .notAmongChoices(choices: ValueType.locationChoices, rejected: ["invisible"]))
    }

    // MARK: regex

    @Test(arguments: [
        "[A-Z][A-Z][A-Z]\\d\\d\\d", "[A-Z][A-Z]\\d\\d", "ENSC\\d\\d", "[A-Z]{3}\\d{3}", "(AB|CD)\\d\\d", "[A-Z]{3}",
        "a{", "[A-Z] {3}",
    ])
    func regexAccepts(raw: String) {
        #expect(value(.regex, raw) == .string(ValueType.removingSpaces(raw)))
    }

    @Test(arguments: ["[unclosed", "(", "*a", "a**", "\\p{L}", "(?<=a*)b", ")", "\\"])
    func regexRejects(raw: String) {
        #expect(error(.regex, raw) == .notRegex(raw))
    }

    // MARK: keys

    @Test(arguments: ["F1", "A", "ENTER", "NUM_1", "POUND", "QUOTELEFT", "_0", "SPACE", "NUM_ENTER", "F 1"])
    func keyboardKeyAccepts(raw: String) {
        #expect(value(.keyboardKey, raw) == .string(ValueType.removingSpaces(raw)))
        #expect(value(.key, raw) == .string(ValueType.removingSpaces(raw)))
    }

    @Test(arguments: ["RETURN", "HASH", "GRAVE", "a", "f1", "", "JOY_BTN_1", "\u{212A}", "ESC"])
    func keyboardKeyRejects(raw: String) {
        #expect(error(.keyboardKey, raw) == .notKeyboardKey(raw))
    }

    @Test(arguments: ["JOY_BTN_1", "JOY_BTN_12", "JOY_HAT_LEFT", "JOY_HAT_RIGHT", "JOY_HAT_UP", "JOY_HAT_DOWN"])
    func keyAcceptsJoystickNamesWithoutAJoystick(raw: String) {
        #expect(value(.key, raw) == .string(raw))
    }

    @Test(arguments: [
        "JOY_BTN_0", "JOY_BTN_01", "JOY_BTN_", "JOY_HAT_CENTER", "RETURN", "JOY_BTN_-1", "JOY_BTN_99999999999999999999",
        "joy_btn_1", "JOY_BTN_1a",
    ])
    func keyRejectsBadNamesEvenWithoutAJoystick(raw: String) {
        #expect(error(.key, raw) == .notKey(raw))
    }

    // MARK: callsigns

    @Test func callsignAcceptsLettersAndDigits() {
        #expect(value(.callsign, "ABC123") == .string("ABC123"))
        #expect(value(.callsign, "abc") == .string("abc"))
        #expect(value(.callsign, "") == .string(""))
    }

    @Test func callsignNamesEachBadCharacterOnce() {
        #expect(error(.callsign, "AB@12") == .badCallsignCharacters(badCharacters: "@", callsign: "AB@12"))
        #expect(error(.callsign, "A@@") == .badCallsignCharacters(badCharacters: "@", callsign: "A@@"))
        #expect(error(.callsign, "A@#1@") == .badCallsignCharacters(badCharacters: "@ #", callsign: "A@#1@"))
        #expect(error(.callsign, "\u{212A}9") == .badCallsignCharacters(badCharacters: "\u{212A}", callsign: "\u{212A}9"))
    }

    @Test func callsignsAreAlwaysAList() {
        #expect(value(.callsigns, "ABC123,DEF456") == .list([.string("ABC123"), .string("DEF456")]))
        #expect(value(.callsigns, "ABC123") == .list([.string("ABC123")]))
        #expect(value(.callsigns, "ABC, DEF") == .list([.string("ABC"), .string("DEF")]))
        #expect(error(.callsigns, "AB@,CD,E-F") == .badCallsigns(["AB@", "E-F"]))
    }

    // MARK: text files

    @Test func textFileMustExistInEitherIncludeFolder() {
        #expect(value(.textFile, "default/welcome_screen.txt") == .string("default/welcome_screen.txt"))
        #expect(value(.textFile, "nasatlx_en.txt") == .string("nasatlx_en.txt"))
        #expect(value(.textFile, "nasatlx _en.txt") == .string("nasatlx_en.txt"))
        #expect(error(.textFile, "missing.txt") == .textFileNotFound("missing.txt"))
        #expect(ValueType.textFile.validate("nasatlx_en.txt", context: .noFiles) == .failure(.textFileNotFound("nasatlx_en.txt")))
    }

    // MARK: robustness

    static let allTypes: [ValueType] = [
        .string, .natural, .positive, .bool, .color, .positiveFloat, .unit, .oneOf(["a", "-1"]), .regex,
        .keyboardKey, .key, .callsign, .callsigns, .location, .textFile,
    ]

    static let hostileInputs: [String] = [
        String(repeating: "(", count: 100_000), String(repeating: "-", count: 100_000) + "1",
        String(repeating: "9", count: 5_000), "1e" + String(repeating: "9", count: 100),
        String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000),
        String(repeating: "2**", count: 10_000) + "2", "(0,)*10**9", "[0]*99999999999", "10**10**10",
        "\u{0}", "\u{FFFD}\u{FFFE}", "#", "\\", "((((((((((((((((((((((", "-9223372036854775807-1",
        "9223372036854775807+1", "-(-9223372036854775807-1)", "(-9223372036854775807-1)//-1",
        "(-9223372036854775807-1)%-1", "1<<63", "1<<-1", "1>>99999999999", "0**-1", "(-8)**(1/3)", "1e308*10",
        "10.0**400", "~1.5", "(1,)+[1]", "None+1",
    ]

    @Test func noInputCrashesAnyValidator() {
        for type in Self.allTypes {
            for raw in Self.hostileInputs {
                _ = type.validate(raw, context: Self.context)
            }
        }
    }

    @Test func randomBytesNeverCrash() {
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 24)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let raw = String(decoding: bytes, as: UTF8.self)
            for type in Self.allTypes { _ = type.validate(raw, context: Self.context) }
        }
    }
}
