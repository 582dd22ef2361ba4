import KioskCore

// A kiosk's timing certificate file (`…_timing_certificate.txt`) as the catalogue's rebuild and
// the lab's send read it, a file that a backup or a person may have damaged: written back, it
// must read again as the same text; its standing against a plan's age on a fixed day.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard case .success(let certificate) = TimingCertificate.read(FuzzInput(data, size).text, file: "fuzz.txt") else { return 0 }
    guard case .success(let again) = TimingCertificate.read(certificate.text, file: "fuzz.txt"), again.text == certificate.text else {
        fatalError("the certificate as written does not read again")
    }
    let standing = TimingCertificateStanding(latest: certificate, maxAgeDays: 30, today: CalendarDate(year: 2026, month: 11, day: 29)!)
    consume((standing.line, standing.figures, standing.allowsStart, certificate.displayMode))
    return 0
}
