/// How long the dashboard refuses sign-ins for a name after wrong passwords in a row
/// (docs/dashboard.md: Signing in): a few mistakes cost nothing, then each further one doubles
/// the wait, up to a quarter of an hour, so that guessing a password takes years while a
/// colleague locked out by someone else's guesses waits minutes. A right password ends the
/// count. Names, not addresses: behind a TLS proxy every browser has the proxy's address.
public enum SignInLockout {
    /// Wrong passwords in a row that lock nothing.
    public static let freeFailures = 4
    public static let firstLockSeconds: Int64 = 30
    public static let longestLockSeconds: Int64 = 900
    /// A count of failures older than this starts again.
    public static let forgottenAfterSeconds: Int64 = 86_400

    /// How long sign-ins are refused after the `failures`-th wrong password in a row.
    public static func lockSeconds(afterFailures failures: Int) -> Int64 {
        guard failures > freeFailures else { return 0 }
        return min(firstLockSeconds << Int64(min(failures - freeFailures - 1, 20)), longestLockSeconds)
    }
}
