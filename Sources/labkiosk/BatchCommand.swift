import ArgumentParser
import FoundationEssentials
import Glibc
import KioskCore
import KioskShell

/// `labkiosk batch`: a study plan's blocks for one participant, one after another in one window.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Run a study plan's blocks for one participant, one after another in one window.",
        discussion: """
            The plan and every file it names are checked first; nothing starts on any problem. \
            Counterbalanced groups are ordered for the participant (docs/plans.md), and the order is \
            printed and written to DATA/<participant>/<yyyy-MM-dd>/batch <date>.txt, which also records when \
            each block began and ended and the files it wrote. Every block's files go under \
            DATA/<participant>/. A screen says what comes next between blocks. Closing the window ends \
            the block in progress (its data is kept) and the batch.
            """
    )

    @Argument(help: "The study plan (.toml).")
    var plan: String

    @OptionGroup(title: "Running")
    var running: RunArguments

    @OptionGroup(title: "Input devices")
    var input: InputOptions

    func validate() throws {
        guard let participant = running.participant, !participant.isEmpty else { throw ValidationError("--participant is required") }
        if participant.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("--participant must not contain control characters")
        }
    }

    func run() throws {
        let paths = try InstallPaths()
        let settings = try running.readSettings()
        let inputSettings = settings.input.overridden(by: input.settings)
        let options = RunOptions.resolve(commandLine: running.commandLine, settings: settings,
                                         joystick: try InputOptions.joystick(inputSettings, paths: paths))
        let participant = options.participant ?? ""
        let checked: PlanChecker.Checked
        switch PlanChecker(bundledIncludes: paths.bundledIncludes).check(plan) {
        case .success(let result): checked = result
        case .failure(let errors):
            for diagnostic in errors.diagnostics { printError(diagnostic.description) }
            printError("\(plan): the plan has errors; nothing was started")
            throw ExitCode(1)
        }
        for warning in checked.warnings { printError(warning.description) }
        let order: PlanOrder
        do { order = try PlanOrder.resolve(checked.plan, participant: participant) } catch {
            printError("\(plan): \(error)")
            throw ExitCode(1)
        }
        let steps = try BatchSteps(checked: checked, order: order, participant: participant, paths: paths, settings: settings,
                                   inputSettings: inputSettings, options: options, canvas: canvas(options))
        let log = try BatchLog(directory: steps.dataDirectory, plan: plan, participant: participant, order: order, blocks: checked.plan.blocks)
        for line in order.decisions { print("labkiosk: order \(line)") }
        do {
            let result = try BlockRunner.runSequence(
                options: options, headless: running.headless, count: steps.count, images: steps.images,
                makeHost: { index, context in
                    let host = try steps.host(index, context: context)
                    if let block = steps.planBlock(index) { log.began(block) }
                    return host
                },
                blockEnded: { index, summary in
                    if let block = steps.planBlock(index) { log.ended(block, files: summary.block.dataFiles) }
                })
            log.finish(complete: !result.quit && result.summaries.count == steps.count)
            print("batch \(result.quit ? "stopped by the operator" : "complete"): \(log.path)")
        } catch {
            log.finish(complete: false)
            printError("labkiosk: \(error)")
            throw ExitCode(1)
        }
    }

    /// The canvas blocks that size to the window use (the drawing pad).
    private func canvas(_ options: RunOptions) -> Canvas {
        switch options.window.mode {
        case .windowed(let width, let height): return Canvas(width: Double(width), height: Double(height))
        case .fullscreen, .screenSized:
            let display = running.headless ? nil : DisplayInfo.query(screenIndex: options.window.screenIndex)
            return Canvas(width: Double(display?.width ?? 1920), height: Double(display?.height ?? 1080))
        }
    }
}
