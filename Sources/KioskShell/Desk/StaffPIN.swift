/// The desk's staff PIN, kept only as a password hash (`PasswordHash`): `labkiosk desk
/// --hash-pin` makes one for the desk's settings, and the desk checks a typed PIN against it.
public enum StaffPIN {
    public static let digits = 4...12

    /// Why `pin` cannot be a staff PIN, or nil.
    public static func problem(_ pin: String) -> String? {
        guard digits.contains(pin.count), pin.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return "a PIN is \(digits.lowerBound) to \(digits.upperBound) digits"
        }
        return nil
    }
}
