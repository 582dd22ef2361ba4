import Foundation
import Testing

@testable import KioskCore

/// A timing certificate: made only from a run that stood, written and read back, and weighed
/// against a plan's `timing_certificate_max_age_days` on a fixed day.
@Suite struct TimingCertificateTests {
    /// A run's figures: `count` flashes each lit `lags[i]` ms after its logged onset and held
    /// for the frames asked for, at 60 Hz.
    /// `answeredWithin`: a response device pressing 120 ms after light plus that many µs times the flash's number.
    private func summary(flashes count: Int = 5, lightFor seen: Int? = nil, flickering: Bool = false,
                         answeredWithin lateness: Int64? = nil) -> TimingSummary {
        let refresh: Int64 = 16_666_667
        let measurements = (0..<count).map { number -> FlashMeasurement in
            let presented = MonotonicTime(nanoseconds: 1_000_000_000 + Int64(number) * 40 * refresh)
            let on = MonotonicTime(nanoseconds: presented.nanoseconds + 200_000 + Int64(number) * 10_000)
            let off = MonotonicTime(nanoseconds: on.nanoseconds + 2 * refresh)
            let sees = number < (seen ?? count)
            return FlashMeasurement(frames: 2, softwareTime: MonotonicTime(nanoseconds: presented.nanoseconds - refresh), presentedOn: presented,
                                    presentedOff: MonotonicTime(nanoseconds: presented.nanoseconds + 2 * refresh), lightOn: sees ? on : nil,
                                    lightOff: sees ? off : nil, lightOnEdges: sees ? (flickering ? 2 : 1) : 0,
                                    response: lateness.map { MonotonicTime(nanoseconds: on.nanoseconds + 120_000_000 + $0 * 1000 * Int64(number)) })
        }
        return TimingSummary(measurements, refreshNanoseconds: Double(refresh), responseDelayMilliseconds: lateness.map { _ in 120 })
    }

    private func certificate(_ summary: TimingSummary, problems: [String] = [], clock: OnsetClock = .displayPresented,
                             made: String = "2026-11-20 09:30:00", responseDevice: String? = nil) -> TimingCertificate? {
        TimingCertificate(summary: summary, problems: problems, onsetClock: clock, patch: TimingPatch(x: 0, y: 0, size: 100), made: made,
                          kiosk: "kiosk-3", version: "labkiosk 0.2.0", width: 1920, height: 1080, displayPath: "X11 Present",
                          compositor: "unnamed (X display :90)", sensor: "/dev/input/event7", responseDevice: responseDevice)
    }

    @Test func aRunThatStoodMakesACertificateOfItsFigures() throws {
        let made = try #require(certificate(summary()))
        #expect(made.flashes == 5)
        #expect(made.onset.count == 5)
        #expect(abs(made.onset.mean - 0.22) < 1e-9)
        #expect(abs(made.refreshMilliseconds - 16.666667) < 1e-9)
        #expect(made.displayMode == "1920×1080 at 60.00 Hz")
        #expect(made.briefly == "visual onset lag 0.220 ms, var 0.016 ms, |p99| 0.240 ms; 1920×1080 at 60.00 Hz, X11 Present")
    }

    @Test func aRunThatDidNotStandMakesNone() {
        #expect(certificate(summary(), problems: ["the run was stopped after 5 flashes"]) == nil)
        #expect(certificate(summary(), clock: .softwareTimer) == nil, "a display that reports no presentation")
        #expect(certificate(summary(lightFor: 0)) == nil, "a sensor that never saw light")
        #expect(certificate(summary(lightFor: 3)) == nil, "a sensor that missed flashes")
        #expect(certificate(summary(flickering: true)) == nil, "a sensor that saw flicker")
        #expect(TimingCertificate(summary: summary(), problems: [], onsetClock: .displayPresented, patch: nil, made: "2026-11-20 09:30:00",
                                  kiosk: "k", version: "v", width: 1, height: 1, displayPath: "X11 Present", compositor: "c", sensor: "s") == nil,
                "a search that found no patch")
    }

    @Test func theFileReadsBackAsWritten() throws {
        let made = try #require(certificate(summary()))
        let read = try TimingCertificate.read(made.text, file: "1_261120_093000_timing_certificate.txt").get()
        #expect(read.text == made.text)
        #expect(read.kiosk == "kiosk-3" && read.patch == TimingPatch(x: 0, y: 0, size: 100) && read.width == 1920 && read.height == 1080)
        #expect(read.onset.count == 5 && read.duration?.count == 5 && read.frameStart?.count == 5)
    }

    @Test func aResponseDevicesFiguresAreCarriedAndReadBack() throws {
        let made = try #require(certificate(summary(answeredWithin: 100), responseDevice: "/dev/input/event8 (Button box)"))
        let responses = try #require(made.responses)
        #expect(responses.device == "/dev/input/event8 (Button box)" && responses.delayMilliseconds == 120 && responses.answered == 5)
        // Each press 120 ms after light, which came 0.2 ms + 10 µs a flash after the onset, and 100 µs a flash later still.
        #expect(abs(responses.time.mean - 0.42) < 1e-6 && responses.time.count == 5)
        #expect(made.text.hasSuffix("""
            response device: /dev/input/event8 (Button box)
            response delay: 120.000 ms
            responses: 5 of 5 flashes answered
            response time: lag 0.420 ms, var 0.174 ms, |p99| 0.640 ms over 5

            """), "\(made.text)")
        #expect(made.briefly == "visual onset lag 0.220 ms, var 0.016 ms, |p99| 0.240 ms; response time lag 0.420 ms, var 0.174 ms, |p99| 0.640 ms "
                + "(5 answered); 1920×1080 at 60.00 Hz, X11 Present")
        let read = try TimingCertificate.read(made.text, file: "1_261120_093000_timing_certificate.txt").get()
        #expect(read.text == made.text && read.responses?.device == responses.device && read.responses?.answered == 5)
        // A run without a device, and a certificate written before these lines were: none, and the same text.
        let without = try #require(certificate(summary()))
        #expect(without.responses == nil && !without.text.contains("response"))
        #expect(try TimingCertificate.read(without.text, file: "c.txt").get().text == without.text)
    }

    @Test func aResponseDevicesLinesGoTogetherAndAreReadAtTheirPlace() throws {
        let made = try #require(certificate(summary(answeredWithin: 0), responseDevice: "box")).text
        for (from, to, expected) in [
            ("response delay: 120.000 ms\n", "", "15:1 the response device's lines go together: no `response delay:` line"),
            ("response delay: 120.000 ms", "response delay: soon", "16:17 `response delay` is the device's delay after light in ms"),
            ("responses: 5 of 5 flashes answered", "responses: 6 of 5 flashes answered", "17:12 `responses` is `N of 5 flashes answered`"),
            ("responses: 5 of 5 flashes answered", "responses: 5 of 9 flashes answered", "17:12 `responses` is `N of 5 flashes answered`"),
            ("response time: lag 0.220", "response time: lag fast", "18:16 `response time` is `lag L ms"),
        ] {
            guard case .failure(let errors) = TimingCertificate.read(made.replacingOccurrences(of: from, with: to), file: "c.txt") else {
                Issue.record("\(to) was read")
                continue
            }
            #expect(errors.diagnostics.map { "\($0.line):\($0.column) \($0.message)" }.contains { $0.hasPrefix(expected) }, "\(errors.diagnostics)")
        }
    }

    @Test func aDamagedFileIsRefusedWithEachProblemAtItsLine() {
        let text = """
            labkiosk timing certificate
            made: 2026-13-20 09:30:00
            kiosk: kiosk-3
            version: labkiosk 0.2.0
            display: 1920 by 1080
            refresh: 16.6667 ms
            display path: X11 Present
            compositor: weston
            sensor: /dev/input/event7
            patch: 0,0 100
            flashes: many
            visual onset: lag fast

            """
        guard case .failure(let errors) = TimingCertificate.read(text, file: "c.txt") else {
            Issue.record("a damaged certificate was read")
            return
        }
        #expect(errors.diagnostics.map(\.line) == [2, 5, 11, 12])
        #expect(errors.diagnostics.allSatisfy { $0.file == "c.txt" })
        #expect(errors.diagnostics[0].message.contains("yyyy-MM-dd HH:mm:ss"))
        #expect(errors.diagnostics[3].column == 15)
        guard case .failure(let other) = TimingCertificate.read("valid: yes\n", file: "c.txt") else {
            Issue.record("a summary was read as a certificate")
            return
        }
        #expect(other.diagnostics.first?.message.contains("not a timing certificate") == true)
        // A figure that is no number would not be written back as one.
        let made = certificate(summary())!.text
        for (from, to) in [("refresh: 16.6667 ms", "refresh: nan ms"), ("visual onset: lag 0.220", "visual onset: lag inf")] {
            guard case .failure = TimingCertificate.read(made.replacingOccurrences(of: from, with: to), file: "c.txt") else {
                Issue.record("\(to) was read")
                continue
            }
        }
    }

    @Test func aPlanAcceptsACertificateUpToItsAgeOnAFixedDay() throws {
        let made = try #require(certificate(summary(), made: "2026-11-20 09:30:00"))
        let day = { (d: Int) in CalendarDate(year: 2026, month: 11, day: d)! }
        #expect(TimingCertificateStanding(latest: made, maxAgeDays: 30, today: day(29), display: nil).allowsStart)
        #expect(TimingCertificateStanding(latest: made, maxAgeDays: 9, today: day(29), display: nil).allowsStart, "nine days old, nine accepted")
        let expired = TimingCertificateStanding(latest: made, maxAgeDays: 8, today: day(29), display: nil)
        #expect(!expired.allowsStart)
        #expect(expired.line == "timing certificate expired: made 2026-11-20 09:30:00, 9 days old; the plan needs one at most 8 days old; "
            + "`labkiosk timing --sensor DEVICE` makes a new one")
        let none = TimingCertificateStanding(latest: nil, maxAgeDays: 1, today: day(29), display: nil)
        #expect(!none.allowsStart)
        #expect(none.line == "no timing certificate on this kiosk: the plan needs one at most 1 day old; `labkiosk timing --sensor DEVICE` makes one")
        #expect(none.figures == nil)
        #expect(TimingCertificateStanding(latest: nil, maxAgeDays: nil, today: day(29), display: nil).allowsStart, "a plan that asks for none")
        #expect(TimingCertificateStanding(latest: made, maxAgeDays: 1, today: day(19), display: nil).allowsStart, "a clock set back counts it as made today")
        let current = TimingCertificateStanding(latest: made, maxAgeDays: 30, today: day(29), display: nil)
        #expect(current.allowsStart)
        #expect(current.line == "timing certificate of 2026-11-20 09:30:00, 9 days old; the plan accepts up to 30 days")
        #expect(current.figures == "timing certificate: visual onset lag 0.220 ms, var 0.016 ms, |p99| 0.240 ms; 1920×1080 at 60.00 Hz, X11 Present")
    }
}
