import Testing
@testable import KioskLab

@Suite struct ZipEntryNameTests {
    @Test func aNameThatClimbsOutOfItsFolderIsLeftOut() {
        #expect(ZipEntryName.of(kiosk: "kiosk-a", path: "../../../../tmp/escaped.sh") == nil)
        #expect(ZipEntryName.of(kiosk: "kiosk-a", path: "/etc/passwd") == nil)
        #expect(ZipEntryName.of(kiosk: "kiosk-a", path: "P1/./log.csv") == nil)
        #expect(ZipEntryName.of(kiosk: "..", path: "log.csv") == nil)
        #expect(ZipEntryName.of(kiosk: "kiosk-a", path: "P1//log.csv") == nil)
        #expect(ZipEntryName.of(kiosk: "kiosk-a", path: "P1/2026-11-24/matb.csv") == "kiosk-a/P1/2026-11-24/matb.csv")
    }

    @Test func whatWindowsCannotExtractIsReplaced() {
        #expect(ZipEntryName.of(kiosk: "kiosk-a", path: "<img src=x>/\"quoted\"/a:b|c?d*e.csv") == "kiosk-a/_img src=x_/_quoted_/a_b_c_d_e.csv")
        #expect(ZipEntryName.of(kiosk: "kiosk-a", path: "..\\..\\escaped.sh") == "kiosk-a/.._.._escaped.sh", "a backslash is a separator on Windows")
        #expect(ZipEntryName.of(kiosk: "kiosk-a", path: "P1 ./CON/aux.txt/tab\there") == "kiosk-a/P1__/_CON/_aux.txt/tab_here")
        #expect(ZipEntryName.of(kiosk: "kiosk-a", path: "CONSOLE/com10.csv") == "kiosk-a/CONSOLE/com10.csv")
    }
}
