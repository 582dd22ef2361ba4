import Testing

@testable import KioskCore

/// The validator messages of OpenMATB (docs/openmatb-behaviour.md: Parameter validators, Translated strings),
/// word for word, in both languages.
@Suite struct ValueErrorTests {
    static let cases: [(ValueError, english: String, french: String)] = [
        (.notString("x"), "should be a string (not x).", "devrait être une chaîne de caractères (et non x)."),
        (
            .notNatural("-1"), "should be a natural (0 included) integer (not -1).",
            "devrait être un entier naturel (0 inclus, et non -1)."
        ),
        (
            .notPositive("0"), "should be a positive (0 excluded) integer (not 0).",
            "devrait être un entier positif (0 exclus, et non 0)."
        ),
        (.notBool("yes"), "should be a boolean (not yes).", "devrait être un booléen (et non yes)."),
        (
            .notColor("white"), "must be (R,G,B,a) or hexadecimal (e.g., #00ff00) values (not white)",
            "devrait être une valeur (R,G,B,a) ou hexadécimale (p.ex., #00ff00) (non pas white)."
        ),
        (
            .colorOutOfRange("(300, 200, 50, 255)"),
            "should be (R,G,B,a) values each comprised between 0 and 255 (not (300, 200, 50, 255))",
            "devraient être des valeurs (R,G,B,a) comprises en 0 et 255 (et non (300, 200, 50, 255))"
        ),
        (
            .notPositiveFloat("108"), "should be a positive float (not 108)",
            "devrait être un nombre décimal positif (et non 108)."
        ),
        (
            .notUnit("1.5"), "should be a float between 0 and 1 (included) (not 1.5)",
            "devrait être un nombre décimal compris entre 0 et 1 inclus (et non 1.5)"
        ),
        (
            .notAmongChoices(choices: ["-1", "0", "1"], rejected: ["2"]), "should be comprised in ['-1', '0', '1'] (not 2)",
            "devrait être compris dans ['-1', '0', '1'] (et non 2)"
        ),
        (
            .notAmongChoices(choices: ["on", "off"], rejected: ["up", "down"]), "should be comprised in ['on', 'off'] (not up,down)",
            "devrait être compris dans ['on', 'off'] (et non up,down)"
        ),
        (
            .notRegex("[unclosed"), "should be a valid regex expression (not [unclosed)",
            "devrait être une expression régulière (regex) valide (et non [unclosed)"
        ),
        (
            .notKeyboardKey("RETURN"), "should be an acceptable keyboard key value (not RETURN). See documentation.",
            "devrait être une touche de clavier acceptable (et non RETURN). Voir la documentation."
        ),
        (
            .notKey("JOY_BTN_0"), "should be an acceptable (keyboard or joystick) key value (not JOY_BTN_0). See documentation.",
            "should be an acceptable (keyboard or joystick) key value (not JOY_BTN_0). See documentation."
        ),
        (
            .badCallsignCharacters(badCharacters: "@", callsign: "AB@12"),
            "should be composed of letters [a-z] or digits [0-9] (not @ in AB@12)",
            "devrait n'être composé que de lettres [a-z] et de chiffres [0-9] (et non @ dans AB@12)"
        ),
        (
            .badCallsigns(["AB@", "C-D"]), "should be composed of valid callsigns (not AB@,C-D)",
            "devrait être composé d'identifiants valides (et non AB@,C-D)"
        ),
        (
            .textFileNotFound("x.txt"), "should be available either in the Instruction or Questionnaire folder (not x.txt)",
            "devrait être disponible dans le dossier Instruction ou Questionnaire (x.txt)"
        ),
    ]

    @Test(arguments: cases)
    func messagesMatchOpenMATB(error: ValueError, english: String, french: String) {
        #expect(error.message(in: .en) == english)
        #expect(error.message(in: .fr) == french)
        #expect(error.description == english)
    }

    /// The two reference messages (docs/openmatb-behaviour.md: Reference values), as the caller will prefix
    /// them.
    @Test func conformanceExamples() {
        let context = ValidationContext.noFiles
        guard case .failure(let side) = ValueType.oneOf(["-1", "0", "1"]).validate("2", context: context),
            case .failure(let band) = ValueType.positiveFloat.validate("108", context: context)
        else {
            Issue.record("both values should be rejected")
            return
        }
        #expect("Error on line 3. scales-1-side " + side.message(in: .en)
            == "Error on line 3. scales-1-side should be comprised in ['-1', '0', '1'] (not 2)")
        #expect("Error on line 14. airbandminMhz " + band.message(in: .en)
            == "Error on line 14. airbandminMhz should be a positive float (not 108)")
    }

    @Test func choicesArePrintedAsAPythonList() {
        let error = ValueError.notAmongChoices(choices: ["it's", "a\\b", "tab\there"], rejected: ["x"])
        #expect(error.message(in: .en) == #"should be comprised in ["it's", 'a\\b', 'tab\there'] (not x)"#)
    }
}
