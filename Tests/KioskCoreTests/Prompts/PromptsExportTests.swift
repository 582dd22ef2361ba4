import Testing
@testable import KioskCore

@Suite struct PromptsExportTests {
    static let log = PromptsLogFile(
        header: PromptsLogHeader(title: "Imagery", participant: "P5", seed: 3, trialOrder: .file, trialsRun: [1],
                                 sequenceFile: "imagery.toml", labkioskVersion: "labkiosk test"),
        rows: [
            PromptsRow(event: .phaseStart, time: .zero, frame: .milliseconds(16), trial: 1, trialIndex: 1, phase: "look", marker: "look_lemon",
                       code: 10, text: "Look.", image: "lemon.png", plannedSeconds: 4, variables: [.init(name: "word", value: "lemon")]),
            PromptsRow(event: .phaseEnd, time: .seconds(4), frame: .milliseconds(4_016), trial: 1, trialIndex: 1, phase: "look"),
            PromptsRow(event: .phaseStart, time: .seconds(4), frame: .milliseconds(4_016), trial: 1, trialIndex: 1, phase: "rest", marker: "rest",
                       text: "Rest."),
            PromptsRow(event: .helpOpen, time: .seconds(5), frame: .seconds(5)),
            PromptsRow(event: .helpClose, time: .seconds(6), frame: .seconds(6)),
            PromptsRow(event: .phaseEnd, time: .milliseconds(7_500), frame: .milliseconds(7_516), trial: 1, trialIndex: 1, phase: "rest", detail: "continue"),
            PromptsRow(event: .pause, time: .milliseconds(7_500), frame: .milliseconds(7_516), marker: "pause"),
            PromptsRow(event: .stop, time: .seconds(9), frame: .seconds(9), detail: "tap"),
            PromptsRow(event: .finished, time: .seconds(9), frame: .seconds(9), marker: "finished", detail: "stopped"),
        ],
        endsCutShort: false)

    @Test func eachPhaseAndPauseIsAnEventFromTheFrameThatShowedIt() {
        let lines = PromptsBIDSEvents.tsv(Self.log).split(separator: "\n")
        #expect(lines == [
            "onset\tduration\ttrial_type\tmarker\tvalue\ttrial\ttrial_index\tplanned_duration\ttext\timage\tvariables",
            "0.016000\t4.000000\tlook\tlook_lemon\t10\t1\t1\t4.000000\tLook.\tlemon.png\tword=lemon",
            "4.016000\t3.500000\trest\trest\tn/a\t1\t1\tn/a\tRest.\tn/a\tn/a",
            "7.516000\t1.484000\tpause\tpause\tn/a\tn/a\tn/a\tn/a\tn/a\tn/a\tn/a",
        ])
    }

    @Test func theReportSaysHowItWentAndDrawsTheTimeline() {
        let section = PromptsBlockReport.section(Self.log, title: "Sequence", plotPrefix: "b2-")
        let figures = Dictionary(uniqueKeysWithValues: section.figures.map { ($0.name, $0.value) })
        #expect(figures["finished"] == "stopped after 9 s")
        #expect(figures["phase look"] == "1 shown, mean 4 s, planned 4 s")
        #expect(figures["phase rest"] == "1 shown, mean 3.50 s")
        #expect(figures["help opened"] == "1 time")
        #expect(section.plots.map(\.name) == ["b2-phases"])
        let svg = section.plots[0].svg
        for lane in [">look<", ">rest<", ">help<", ">pause<"] { #expect(svg.contains(lane)) }
    }
}
