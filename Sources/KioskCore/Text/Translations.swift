import Foundation

/// OpenMATB's translatable strings (spec Appendix A) that the session itself shows or logs.
///
/// Keys are OpenMATB's English msgids; the French texts are OpenMATB's catalogue entries,
/// because they end up in the log.
public enum Translations {
    private static let french: [String: String] = [
        "System monitoring": "Surveillance",
        "Tracking": "Poursuite",
        "Scheduling": "Planning",
        "Communications": "Communications",
        "Resources management": "Gestion des ressources",
        "Parallel port": "Port parallèle",
        "Lab streaming layer": "Lab streaming layer",
        "Instructions": "Instructions",
        "Generic scales": "Échelle de base",
        "Performance": "Performance",
        "Warning": "Attention",
        "Error(s)": "Erreur(s)",
        "Space": "Espace",
        "Escape": "Échap",
        "Exit": "Quitter",
        "Continue": "Continuer",
        "No error": "Aucune erreur",
        "Session ID: %s": "Identifiant unique de la session : %s",
        "min.": "min.",
        "You hit the Escape key": "Vous avez pressé la touche Échap",
        "Exit OpenMATB?": "Quitter OpenMATB ?",
        "Pause": "Pause",
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
    ]

    /// The text of `msgid` in `language`; unknown msgids come back unchanged, as gettext does.
    public static func text(_ msgid: String, _ language: Language) -> String {
        switch language {
        case .en: msgid
        case .fr: french[msgid] ?? msgid
        }
    }

    /// `text` with its single `%s` replaced by `argument`.
    public static func text(_ msgid: String, _ language: Language, _ argument: String) -> String {
        text(msgid, language).replacingOccurrences(of: "%s", with: argument)
    }
}
