import KioskCore

// A kiosk's timing certificate file (`…_timing_certificate.txt`) as the catalogue's rebuild and
// the lab's send read it, a file that a backup or a person may have damaged: written back, it
// must read again as the same text; its standing against a plan's age on a fixed day, on no
// display known and on a kiosk's display.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard case .success(let certificate) = TimingCertificate.read(FuzzInput(data, size).text, file: "fuzz.txt") else { return 0 }
    guard case .success(let again) = TimingCertificate.read(certificate.text, file: "fuzz.txt"), again.text == certificate.text else {
        fatalError("the certificate as written does not read again")
    }
    let kiosk = CurrentDisplay(width: 1920, height: 1080, refreshHertz: 60, videoDriver: "x11", compositor: "weston")
    for display in [nil, kiosk] {
        let standing = TimingCertificateStanding(latest: certificate, maxAgeDays: 30, today: CalendarDate(year: 2026, month: 11, day: 29)!,
                                                 display: display)
        consume((standing.line, standing.figures, standing.allowsStart, standing.refusals, certificate.displayMode))
    }
    return 0
}
