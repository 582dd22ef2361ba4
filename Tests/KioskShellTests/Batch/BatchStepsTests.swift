import Foundation
import KioskCore
import KioskData
import TestSupport
import Testing
@testable import KioskShell

/// A batch's blocks loaded once from its plan, and what the batch asks of the machine.
extension SDLSuite {
    @Suite struct BatchStepsTests {
        private let repository = Fixtures.repository
        private var pilot: String { repository.appendingPathComponent("Scenarios/plans/workload-pilot/plan.toml").path }

        private func steps(_ plan: String, options: RunOptions) throws -> BatchSteps {
            let paths = try InstallPaths(environment: ["LABKIOSK_HOME": repository.path])
            let checked = try PlanChecker(bundledIncludes: paths.bundledIncludes).check(plan).get()
            return BatchSteps(checked: checked, order: try PlanOrder.resolve(checked.plan, participant: "3"), participant: "3", paths: paths,
                              settings: Settings(), commandLineInput: InputSettings(), options: options,
                              canvas: Canvas(width: 1280, height: 800), version: "test")
        }

        private func options(inputDirectory: String, data: String = "sessions") -> RunOptions {
            var commandLine = RunOptions.CommandLine()
            commandLine.dataDirectory = data
            commandLine.mute = true
            return RunOptions.resolve(commandLine: commandLine, settings: Settings(), joystick: JoystickOptions(inputDirectory: inputDirectory))
        }

        @Test func aPadBlockReadsPensFromTheInputFolderGiven() throws {
            let given = options(inputDirectory: "/tmp/labkiosk-test-input")
            let read = try steps(pilot, options: given).pointerOptions(given, udevRule: "rule")
            #expect(read.pointerInput == .evdev(directory: "/tmp/labkiosk-test-input", udevRule: "rule"))
        }

        @Test func aPlanWithoutAPadLeavesPointersToSDL() throws {
            let folder = NSTemporaryDirectory() + "batch-steps-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try "[study]\nname = \"s\"\n[[block]]\nkind = \"break\"\nseconds = 30\n".write(toFile: folder + "/plan.toml", atomically: true, encoding: .utf8)
            let given = options(inputDirectory: "/tmp/labkiosk-test-input")
            let batch = try steps(folder + "/plan.toml", options: given)
            #expect(batch.pointerOptions(given, udevRule: "rule").pointerInput == .sdl)
            #expect(batch.expectedSeconds(0) == 30 && batch.estimatedBytes == 50_000_000)
        }

        @Test func theSelfCheckLooksAtTheInputFolderGiven() throws {
            let data = NSTemporaryDirectory() + "batch-self-check-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: data) }
            let inputs = NSTemporaryDirectory() + "batch-self-check-inputs-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: inputs) }
            let given = options(inputDirectory: inputs, data: data)
            let check = BatchSelfCheck(steps: try steps(pilot, options: given), options: given, headless: false, udevRule: "rule",
                                       timingCertificate: TimingCertificateStanding(latest: nil, maxAgeDays: nil, today: CalendarDate(year: 2026, month: 11, day: 29)!, display: nil))
            #expect(check.inputDirectory == inputs)
            #expect(!check.stopsTheRun)
            #expect(check.lines == ["self-check: data folder writable with room for the plan, input devices under \(inputs) readable",
                                    "self-check: no timing certificate on this kiosk; `labkiosk timing --sensor DEVICE` makes one"])
            let headless = BatchSelfCheck(steps: try steps(pilot, options: given), options: given, headless: true, udevRule: "rule",
                                          timingCertificate: TimingCertificateStanding(latest: nil, maxAgeDays: nil, today: CalendarDate(year: 2026, month: 11, day: 29)!, display: nil))
            #expect(headless.inputDirectory == nil)
        }

        @Test func thePilotsBlocksAreLoadedWithWhatTheBatchNeedsOfThem() throws {
            let batch = try steps(pilot, options: options(inputDirectory: "/dev/input"))
            #expect(batch.blockCount == 5 && batch.stepCount == 11)
            #expect(batch.speaksPrompts)
            // Scenarios and slides have a known length (the slides' scenario ends at 0:00:00,
            // whatever the participant's reading time); the drawing pad has none.
            let lengths = (0..<5).map(batch.expectedSeconds)
            #expect(lengths.filter { $0 == nil }.count == 1 && lengths.filter { ($0 ?? 0) > 60 }.count == 2)
            #expect(!batch.images.isEmpty)
        }
    }
}
