/// A BIDS entity label (`sub-<label>`, `ses-<label>`): letters and digits only. Anything else
/// is dropped (`P-07` → `P07`); a label left empty becomes `unknown`.
public enum BIDSLabel {
    public static func make(_ text: String) -> String {
        let kept = String(text.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }.map(Character.init))
        return kept.isEmpty ? "unknown" : kept
    }
}
