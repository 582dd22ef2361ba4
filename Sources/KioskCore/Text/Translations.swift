/// OpenMATB's translatable strings (its `locales/fr_FR/LC_MESSAGES/openmatb.po`), every one of them, in English and French.
///
/// Keys are OpenMATB's English msgids; the French texts are OpenMATB's `fr_FR` catalogue
/// entries verbatim (typos included), because many of them end up in the session log:
/// titles, dialog titles, `MANUAL`/`AUTO`, response prompts. A msgid the French catalogue
/// leaves untranslated is simply absent here, so it stays English, as gettext does.
public enum Translations {
    /// French text by English msgid. `\t` is a real TAB, as in OpenMATB's catalogue.
    static let french: [String: String] = [
        // Plugin labels (task titles).
        "System monitoring": "Surveillance",
        "Tracking": "Poursuite",
        "Scheduling": "Planning",
        "Communications": "Communications",
        "Resources management": "Gestion des ressources",
        "Parallel port": "Port parallèle",
        "Lab streaming layer": "Lab streaming layer",
        "Instructions": "Instructions",
        "Generic scales": "Échelle de base",
        "Eye tracker": "Oculomètre",
        "Performance": "Performance",
        // Dialogs and key hints.
        "Warning": "Attention",
        "Error(s)": "Erreur(s)",
        "Space": "Espace",
        "Escape": "Échap",
        "Exit": "Quitter",
        "Continue": "Continuer",
        "%s was not found": "%s n'est pas disponible",
        "No error": "Aucune erreur",
        "Session ID: %s": "Identifiant unique de la session : %s",
        "min.": "min.",
        "You hit the Escape key": "Vous avez pressé la touche Échap",
        "Exit OpenMATB?": "Quitter OpenMATB ?",
        "Pause": "Pause",
        // Task texts.
        "MANUAL": "MANUEL",
        "AUTO": "AUTO",
        "Callsign \t\t %s": "Indicatif \t\t %s",
        "Press SPACE to validate": "Appuyez sur ESPACE pour valider",
        "Press SPACE to continue": "Appuyez sur ESPACE pour continuer",
        "Please enable the OpenMATB stream into your LabRecorder.": "Merci d’activer le flux OpenMATB dans le LabRecorder.",
        "Pump status": "État des pompes",
        "Elapsed time \t %s": "Temps passé \t %s",
        "Remaining time \t %s": "Temps restant \t %s",
        "No joystick found": "Aucun joystick détecté",
        " does not exist": " n'existe pas",
        // Scenario errors.
        "Scenario error: %s is not a valid plugin name (l. %s)": "Erreur du scénario: %s n'est pas le nom d'un plugin (l. %s)",
        "There were some errors in the scenario. See the %s file.": "Le scénario contient des erreurs. Voir le fichier suivant : %s.",
        "The (%s) plugin does not have a start command.": "Le plugin (%s) n'a pas de commande start.",
        "The (%s) plugin does not have a stop command.": "Le plugin (%s) n'a pas de commande stop.",
        "Error on line %s. This event does not trigger any command.": "Erreur à la ligne %s. Cet évènement n'est associé à aucune commande.",
        "Error on line %s. Maximum length of an event is 2 (parameter;value).":
            "Erreur à la ligne %s. Un évènement ne peut avoir plus de deux arguments (paramètre;valeur).",
        "Error on line %s. Method (%s) is not available for the plugin (%s)":
            "Erreur à la ligne %s. La méthode (%s) n'est pas disponible pour ce plugin (%s)",
        // OpenMATB's French catalogue says "Erreur" for this warning.
        "Warning on line %s. Parameter (%s) has no verification method":
            "Erreur à la ligne %s. Le paramètre (%s) n'a pas de méthode de vérification",
        "Error on line %s. %s ": "Erreur à la ligne %s. %s ",
        "Error on line %s. The %s plugin does not have a %s parameter": "Erreur à la ligne %s. Le plugin %s ne comporte pas de paramètre %s",
        // Value validators (ValueError words the same messages for the validator itself).
        "should be a string (not %s).": "devrait être une chaîne de caractères (et non %s).",
        "should be a natural (0 included) integer (not %s).": "devrait être un entier naturel (0 inclus, et non %s).",
        "should be a positive (0 excluded) integer (not %s).": "devrait être un entier positif (0 exclus, et non %s).",
        "should be a boolean (not %s).": "devrait être un booléen (et non %s).",
        "must be (R,G,B,a) or hexadecimal (e.g., #00ff00) values (not %s)":
            "devrait être une valeur (R,G,B,a) ou hexadécimale (p.ex., #00ff00) (non pas %s).",
        "should be (R,G,B,a) values each comprised between 0 and 255 (not %s)":
            "devraient être des valeurs (R,G,B,a) comprises en 0 et 255 (et non %s)",
        "should be a positive float (not %s)": "devrait être un nombre décimal positif (et non %s).",
        "should be comprised in %s (not %s)": "devrait être compris dans %s (et non %s)",
        "should be a valid regex expression (not %s)": "devrait être une expression régulière (regex) valide (et non %s)",
        "should be an acceptable keyboard key value (not %s). See documentation.":
            "devrait être une touche de clavier acceptable (et non %s). Voir la documentation.",
        "should be composed of letters [a-z] or digits [0-9] (not %s in %s)":
            "devrait n'être composé que de lettres [a-z] et de chiffres [0-9] (et non %s dans %s)",
        "should be composed of valid callsigns (not %s)": "devrait être composé d'identifiants valides (et non %s)",
        "should be a float between 0 and 1 (included) (not %s)": "devrait être un nombre décimal compris entre 0 et 1 inclus (et non %s)",
        "should be available either in the Instruction or Questionnaire folder (not %s)":
            "devrait être disponible dans le dossier Instruction ou Questionnaire (%s)",
        // config.ini and devices.
        "In config.ini, the specified screen index exceeds the number of available screens (%s). Last screen selected.":
            "Dans config.ini le numéro d'écran indiqué dépasse le nombre d'écrans disponibles (%s). Dernier écran sélectionné.",
        "In config.ini, the specified font is not available. A default font will be used.":
            "Dans config.ini, la police spécifiée n'est pas disponible. Une police par défaut sera utilisée.",
        "In config.ini, [%s] parameter must be a boolean (true or false, not %s). Defaulting to False":
            "Dans config.ini, le paramètre [%s] doit être un bolléen (true ou false, non pas %s). Défaut = False",
        "Python Parallel module is missing. Skipping parallel plugin": "La librairie Parallel de python est manquante. Plugin ignoré",
        "The physical parallel port was not found.": "Le port parallèle (physique) n'a pas été trouvé.",
        "Warning, queue is empty": "Attention, la file d'attente est vide",
    ]

    /// Every msgid OpenMATB 1.4.5 marks for translation, including the three its French
    /// catalogue leaves in English (`Error on line %s. Invalid system command: %s` and the
    /// keyboard-or-joystick key message).
    public static let msgids: [String] = Array(french.keys) + [
        "Error on line %s. Invalid system command: %s",
        "should be an acceptable (keyboard or joystick) key value (not %s). See documentation.",
    ]

    /// The text of `msgid` in `language`; unknown msgids come back unchanged, as gettext does.
    public static func text(_ msgid: String, _ language: Language) -> String {
        switch language {
        case .en: msgid
        case .fr: french[msgid] ?? msgid
        }
    }

    /// `text` with every `%s` replaced by `argument`.
    public static func text(_ msgid: String, _ language: Language, _ argument: String) -> String {
        text(msgid, language).replacing("%s", with: argument)
    }

    /// `text` with its `%s` placeholders replaced by `arguments` in order, as Python's `%`
    /// operator fills a tuple.
    public static func text(_ msgid: String, _ language: Language, arguments: [String]) -> String {
        var result = ""
        var remaining = arguments[...]
        var rest = Substring(text(msgid, language))
        while let range = rest.firstRange(of: "%s") {
            result += rest[..<range.lowerBound]
            result += remaining.popFirst() ?? "%s"
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
