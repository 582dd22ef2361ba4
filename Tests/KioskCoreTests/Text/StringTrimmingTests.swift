import Foundation
import Testing
@testable import KioskCore

@Suite struct StringTrimmingTests {
    @Test func spacesAndTabsGoAtBothEndsOnly() {
        #expect(" \t a \t b \t ".trimmingSpacesAndTabs() == "a \t b")
        #expect("   ".trimmingSpacesAndTabs() == "")
        #expect("".trimmingSpacesAndTabs() == "")
        #expect("key = value"[...].trimmingSpacesAndTabs() == "key = value")
    }

    @Test func unicodeSpacesCountButLineBreaksStay() {
        // No-break, ideographic and zero-width spaces go, as in Foundation's `.whitespaces`.
        #expect("\u{A0}\u{3000}x\u{202F}\u{200B}".trimmingSpacesAndTabs() == "x")
        #expect("\nx\r\n".trimmingSpacesAndTabs() == "\nx\r\n")
        #expect(" \u{85}x\u{2028} ".trimmingSpacesAndTabs() == "\u{85}x\u{2028}")
    }

    @Test func lineBreaksGoWithTheSecondSet() {
        #expect("\r\n\t x y \r\n".trimmingSpacesTabsAndLineBreaks() == "x y")
        #expect("\u{0B}\u{0C}\u{85}x\u{2028}\u{2029}\u{A0}".trimmingSpacesTabsAndLineBreaks() == "x")
        #expect("/usr/lib/python3/pylsl\n".trimmingSpacesTabsAndLineBreaks() == "/usr/lib/python3/pylsl")
    }

    @Test func trimmingIsPerScalarNotPerCharacter() {
        // " \u{301}" is one Character; only its space is trimmed, and the accent stays.
        #expect(Array(" \u{301}x".trimmingSpacesAndTabs().unicodeScalars) == ["\u{301}", "x"])
        // A CR before a trimmed LF is trimmed too, although "\r\n" is one Character.
        #expect("x\r\n".trimmingSpacesTabsAndLineBreaks() == "x")
    }

    @Test func anyScalarsCanBeTrimmed() {
        let brackets = "[]() ".unicodeScalars
        #expect("[ (0.35, 0.85) ]".trimmingUnicodeScalars(where: brackets.contains) == "0.35, 0.85")
        #expect("[]".trimmingUnicodeScalars(where: brackets.contains) == "")
    }

    @Test func theSetsAreFoundationsForEveryScalar() {
        for value: UInt32 in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            #expect(text.trimmingSpacesAndTabs().isEmpty == CharacterSet.whitespaces.contains(scalar), "U+\(String(value, radix: 16))")
            #expect(
                text.trimmingSpacesTabsAndLineBreaks().isEmpty == CharacterSet.whitespacesAndNewlines.contains(scalar),
                "U+\(String(value, radix: 16))")
        }
    }
}
