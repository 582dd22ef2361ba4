import Testing
import TestSupport
@testable import KioskCore

@Suite struct GenericTriggerTests {
    @Test func eachStateLineBecomesAnEventRow() throws {
        var harness = try SessionHarness("""
            0:00:00;generictrigger;start
            0:00:01;generictrigger;state;block one
            0:00:02;generictrigger;state;Bloc, deux
            0:00:03;generictrigger;stop
            """)
        harness.run(until: 4, step: 1.0 / 60)
        let rows = harness.linesWithoutLogtime.filter { $0.contains(",generictrigger,") && !$0.contains(",parameter,") }
        #expect(rows == [
            "0.0,event,generictrigger,self,start",
            "1.0,event,generictrigger,state,block one",
            "2.0,event,generictrigger,state,\"Bloc, deux\"",
            "3.0,event,generictrigger,self,stop",
        ])
        #expect(harness.linesWithoutLogtime.contains("0.0,parameter,generictrigger,title,Generic Trigger"))
        #expect(harness.session.isFinished)
    }
}
