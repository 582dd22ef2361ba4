import KioskShell

/// Writes a line to standard error, where diagnostics belong.
func printError(_ message: String) {
    StandardStream.error.write(message + "\n")
}
