import Testing
@testable import KioskShell

@Suite struct ChildProcessTests {
    @Test func standardOutputIsCollectedAndStandardErrorDropped() {
        let output = ChildProcess.output(of: "/bin/sh", arguments: ["-c", "echo out; echo err >&2"], environment: [:])
        #expect(output.map { String(decoding: $0, as: UTF8.self) } == "out\n")
    }

    @Test func theChildGetsExactlyTheEnvironmentGiven() {
        let output = ChildProcess.output(of: "/usr/bin/env", arguments: [], environment: ["LABKIOSK_TEST": "1"])
        #expect(output.map { String(decoding: $0, as: UTF8.self) } == "LABKIOSK_TEST=1\n")
    }

    @Test func aFailureOrAMissingProgramGivesNothing() {
        #expect(ChildProcess.output(of: "/bin/sh", arguments: ["-c", "echo partial; exit 3"], environment: [:]) == nil)
        #expect(ChildProcess.output(of: "/bin/sh", arguments: ["-c", "kill -KILL $$"], environment: [:]) == nil)
        #expect(ChildProcess.output(of: "/nonexistent/program", arguments: [], environment: [:]) == nil)
    }

    @Test func longOutputIsReadWhole() {
        let output = ChildProcess.output(of: "/bin/sh", arguments: ["-c", "head -c 200000 /dev/zero"], environment: [:])
        #expect(output?.count == 200_000)
    }
}
