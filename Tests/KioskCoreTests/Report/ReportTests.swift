import Testing
import TestSupport
@testable import KioskCore

@Suite struct ReportTests {
    static func sections() throws -> [ReportSection] {
        let rows = try SessionLogReader.read(try RecordedSessionLog.bytes(quitting: false), file: "log.csv").rows
        return MATBBlockReport.sections(rows, title: "Block 2", plotPrefix: "b2-")
    }

    @Test func aSessionGivesEachTaskItsFiguresAndPlots() throws {
        let sections = try Self.sections()
        #expect(sections.map(\.heading) == ["Block 2", "Block 2 · Tracking", "Block 2 · System monitoring", "Block 2 · Resources management"])
        #expect(sections.flatMap(\.plots).map(\.name) == ["b2-tracking", "b2-sysmon-outcomes", "b2-resman-tanks"])
        #expect(sections[0].figures.first { $0.name == "ended" }?.value == "normally")
        let resman = try #require(sections.last)
        #expect(resman.plots[0].svg.contains("target band"))
    }

    @Test func outcomesAndResponseTimesAreCountedFromThePerformanceRows() {
        func row(_ time: String, _ module: String, _ address: String, _ value: String) -> SessionLogRow {
            SessionLogRow(line: 0, logtime: time, scenarioTime: time, type: "performance", module: module, address: address, value: value)
        }
        let rows = [
            row("3.0", "sysmon", "signal_detection", "HIT"), row("3.0", "sysmon", "response_time", "1200"),
            row("9.0", "sysmon", "signal_detection", "HIT"), row("9.0", "sysmon", "response_time", "800"),
            row("15.0", "sysmon", "signal_detection", "MISS"), row("15.0", "sysmon", "response_time", "nan"),
            row("20.0", "sysmon", "signal_detection", "FA"),
            row("30.0", "genericscales", "Mental demand", "6.5"),
        ]
        let sections = MATBBlockReport.sections(rows, title: "B", plotPrefix: "")
        let sysmon = sections[1]
        #expect(sysmon.figures.map { "\($0.name)=\($0.value)" } == ["HIT=2", "MISS=1", "FA=1", "response time, median=1000 ms"])
        #expect(sysmon.plots.map(\.name) == ["sysmon-outcomes", "sysmon-response-times"])
        #expect(sections[2].heading == "B · Questionnaire" && sections[2].figures[0].value == "6.5")
        #expect(sections[0].figures.first { $0.name == "ended" }?.value == "without an end row (interrupted)")
    }

    @Test func plotsAreWellFormedSVGWithEscapedText() {
        let svg = SVGChart.bars(title: "A < B & \"C\"", yLabel: "count", bars: [(label: "HIT", value: 3, color: "#2ca02c")])
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("A &lt; B &amp; &quot;C&quot;"))
        #expect(svg.hasSuffix("</svg>\n"))
        // Counts get whole ticks.
        #expect(!svg.contains(">0.5"))
        let axis = SVGChart.Axis(low: 0, high: 117)
        #expect(axis.ticks == [0, 20, 40, 60, 80, 100, 120])
    }

    /// A series of one point (a kind with a single onset in a corner-patch plot) is a dot: a
    /// line through one point draws nothing.
    @Test func aSeriesOfOnePointIsDrawnAsADot() {
        let svg = SVGChart.lines(title: "Onset − light", xLabel: "onset", yLabel: "ms", series: [
            .init(name: "page", color: "#1f77b4", points: [(x: 1, y: 0.4), (x: 3, y: 0.6)]),
            .init(name: "sysmon event", color: "#ff7f0e", points: [(x: 2, y: 0.5)]),
        ])
        #expect(svg.components(separatedBy: "<polyline").count == 2)
        #expect(svg.components(separatedBy: "<circle").count == 2 && svg.contains("fill=\"#ff7f0e\"/>"))
    }

    /// A negative mean (points lost in a judgement block) hangs below zero inside the plot.
    @Test func aNegativeBarStaysInsideThePlot() throws {
        let svg = SVGChart.bars(title: "points", yLabel: "points", bars: [(label: "A", value: -1856, color: "#000000"),
                                                                           (label: "B", value: 0.5, color: "#000000")])
        let heights = svg.split(separator: "<rect").dropFirst().compactMap { rect -> Double? in
            guard let start = rect.range(of: "height=\"")?.upperBound, let end = rect[start...].firstIndex(of: "\"") else { return nil }
            return Double(rect[start..<end])
        }
        #expect(heights.count >= 2 && heights.allSatisfy { $0 >= 0 && $0 <= SVGChart.height }, "\(heights)")
    }

    /// Values from an edited or damaged log (found by the pad-samples fuzz target: a path
    /// length near the largest Double made the axis step forever) give a few finite ticks.
    @Test func axesOfValuesNoChartCanPlaceHaveAFewFiniteTicks() {
        let big = Double.greatestFiniteMagnitude
        for (low, high) in [(0, big), (-big, big), (0, .infinity), (-.infinity, .nan), (.nan, .nan), (Double.leastNonzeroMagnitude, 2 * Double.leastNonzeroMagnitude), (1e300, 1e300), (1e17, 1e17 + 1)] {
            let axis = SVGChart.Axis(low: low, high: high)
            #expect((1...100).contains(axis.ticks.count) && axis.ticks.allSatisfy(\.isFinite) && axis.step > 0, "\(low)...\(high): \(axis.ticks.count) ticks")
        }
        #expect(SVGChart.bars(title: "t", yLabel: "mm", bars: [(label: "1", value: big, color: "#000000")]).hasSuffix("</svg>\n"))
    }

    @Test func thePageLinksEveryPlotAndItsPNG() throws {
        let sections = try Self.sections()
        let html = ReportPage.html(title: "P07 <pilot>", sections: sections, pngs: ["b2-tracking"], generator: "labkiosk test")
        #expect(html.contains("<title>P07 &lt;pilot&gt;</title>"))
        for plot in sections.flatMap(\.plots) { #expect(html.contains("<img src=\"plots/\(plot.name).svg\"")) }
        #expect(html.contains("href=\"plots/b2-tracking.png\""))
        #expect(!html.contains("plots/b2-resman-tanks.png"))
    }

    @Test func aPadTrialGivesItsDrawingAndStrokeFigures() throws {
        let samples = try PadSamplesFile.read(PadTrialReplayTests.text, file: "t_samples.tsv")
        let section = PadTrialReport.section(samples, title: "Trial 1", plotPrefix: "")
        #expect(section.figures.first { $0.name == "strokes" }?.value == "2 (1 undone or erased)")
        #expect(section.figures.first { $0.name == "path length" }?.value == "36.5 px")
        #expect(section.plots.map(\.name) == ["drawing", "stroke-lengths"])
        #expect(section.plots[0].svg.contains("stroke=\"#cccccc\""))
    }
}
