import Testing
import TestSupport
@testable import KioskCore
@testable import KioskShell

@Suite struct ReplayPlayerTests {
    /// The session's picture after playing from the start to `wall` in 60 Hz frames.
    static func playedThrough(_ rows: [SessionLogRow], to wall: Int64, clock: SessionLogClock) throws -> DrawList {
        let reenactment = try RecordedSessionLog.reenactment(of: rows)
        var shown: Int64 = 0
        while shown < wall {
            shown = min(wall, shown + ReplayPlayback.frame)
            ReplayCheckpoints.run(reenactment, to: shown, clock: clock)
        }
        return reenactment.session.drawList()
    }

    @Test func seeksForwardAndBackLandOnWhatPlayingThroughShows() throws {
        let rows = try SessionLogReader.read(try RecordedSessionLog.bytes(), file: "log.csv").rows
        let clock = SessionLogClock(rows: rows)
        #expect(clock.duration > 20_000_000_000)
        let player = ReplayPlayer(clock: clock, make: { try! RecordedSessionLog.reenactment(of: rows) })
        defer { player.stop() }
        // Into the pause dialog, back before the click, far ahead, back to the start, to the end.
        let targets: [Int64] = [5_000_000_000, 3_090_000_000, 19_000_000_000, 11_050_000_000, 0, 2_250_000_000, clock.duration, 7_300_000_000]
        for target in targets {
            player.show(target)
            #expect(player.current.session.drawList() == (try Self.playedThrough(rows, to: target, clock: clock)), "at \(target) ns")
        }
    }

    @Test func theLogClockStandsStillWhileScenarioTimeDoes() throws {
        let rows = try SessionLogReader.read(try RecordedSessionLog.bytes(), file: "log.csv").rows
        let clock = SessionLogClock(rows: rows)
        // The pause dialog was open from 4.5 s to 7.25 s of the harness's clock.
        #expect(clock.scenarioTime(atWall: 5_000_000_000) == clock.scenarioTime(atWall: 7_000_000_000))
        #expect(clock.scenarioTime(atWall: 2_000_000_000) < clock.scenarioTime(atWall: 3_000_000_000))
    }
}
