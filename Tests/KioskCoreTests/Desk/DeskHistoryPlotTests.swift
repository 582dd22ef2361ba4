import Testing
@testable import KioskCore

@Suite struct DeskHistoryPlotTests {
    private func row(_ visit: String, _ figures: [(String, String)]) -> DeskHistoryRow {
        DeskHistoryRow(date: "2026-11-27", visit: visit, block: "b", figures: figures.map { (name: $0.0, value: $0.1) })
    }

    @Test func theFirstPreferredFigureAnyBlockReportedIsPlotted() throws {
        let plot = try #require(DeskHistoryPlot([row("baseline", [("consent", "agreed")]), row("baseline", [("track in target %", "61.5")]),
                                                 row("week-1", [("track in target %", "70.0"), ("sysmon HIT", "4")])]))
        #expect(plot.figure == "track in target %")
        #expect(plot.points.map(\.visit) == ["baseline", "week-1"] && plot.points.map(\.value) == [61.5, 70])
        let range = plot.range
        #expect(range.low < 61.5 && range.high > 70)
        #expect(DeskHistoryPlot([row("baseline", [("consent", "agreed")])]) == nil)
        #expect(DeskHistoryPlot([row("baseline", [("accuracy", "nan")])]) == nil)
    }

    @Test func onePointSitsInTheMiddleAndEqualValuesStillHaveARange() throws {
        let plot = try #require(DeskHistoryPlot([row("baseline", [("median RT ms", "512.0")])]))
        let range = plot.range
        #expect(range.low < 512 && range.high > 512)
        let at = plot.positions(in: Rect(left: 0, bottom: 0, width: 200, height: 100))
        #expect(at.count == 1 && at[0].x == 100 && abs(at[0].y - 50) < 1e-9)
        #expect(DeskHistoryPlot.shown(0.5) == "0.5" && DeskHistoryPlot.shown(512) == "512" && DeskHistoryPlot.shown(0.125) == "0.125")
    }
}
