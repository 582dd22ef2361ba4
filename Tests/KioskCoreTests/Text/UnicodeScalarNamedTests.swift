import Testing
@testable import KioskCore

@Suite struct UnicodeScalarNamedTests {
    @Test func namesFindTheirScalars() {
        #expect(Unicode.Scalar(named: "LATIN SMALL LETTER A") == "a")
        #expect(Unicode.Scalar(named: "EM DASH") == "\u{2014}")
        #expect(Unicode.Scalar(named: "NO-BREAK SPACE") == "\u{A0}")
        #expect(Unicode.Scalar(named: "GRINNING FACE") == "\u{1F600}")
    }

    @Test func algorithmicNamesWork() {
        #expect(Unicode.Scalar(named: "CJK UNIFIED IDEOGRAPH-4E00") == "\u{4E00}")
        #expect(Unicode.Scalar(named: "HANGUL SYLLABLE GA") == "\u{AC00}")
    }

    @Test func whiteSpaceRunsCountAsOneSpace() {
        #expect(Unicode.Scalar(named: "  LATIN\tSMALL   LETTER A ") == "a")
        #expect(Unicode.Scalar(named: "LATIN\u{2028}SMALL LETTER A") == "a")
        // A no-break space is not pattern white space, so it is part of the name, which fails.
        #expect(Unicode.Scalar(named: "LATIN\u{A0}SMALL LETTER A") == nil)
    }

    @Test func otherSpellingsAndUnknownNamesFail() {
        #expect(Unicode.Scalar(named: "latin small letter a") == nil)  // the caller folds case
        #expect(Unicode.Scalar(named: "LATIN_SMALL_LETTER_A") == nil)
        #expect(Unicode.Scalar(named: "NO BREAK SPACE") == nil)
        #expect(Unicode.Scalar(named: "LINE FEED") == nil)  // an alias; control characters have no name
        #expect(Unicode.Scalar(named: "NOT A NAME") == nil)
        #expect(Unicode.Scalar(named: " ") == nil)
        #expect(Unicode.Scalar(named: "") == nil)
    }
}
