import Testing
@testable import KioskCore

@Suite struct LabSendScheduleTests {
    private func at(_ seconds: Double) -> MonotonicTime { MonotonicTime(nanoseconds: Int64(seconds * 1e9)) }

    @Test func dueAtStartThenRoutinelyAndSoonAfterNewData() {
        var schedule = LabSendSchedule(now: at(0))
        #expect(schedule.isDue(at: at(0)))
        schedule.ended(succeeded: true, at: at(2))
        #expect(!schedule.isDue(at: at(500)) && schedule.isDue(at: at(902)))
        schedule.newData(at: at(600))
        #expect(schedule.nextAttempt == at(605))
        schedule.ended(succeeded: true, at: at(606))
        schedule.newData(at: at(1500))
        #expect(schedule.nextAttempt == at(1505), "a routine send due sooner stays")
    }

    @Test func failuresWaitTwiceAsLongEachTimeUpToHalfAnHour() {
        var schedule = LabSendSchedule(now: at(0))
        var waits: [Int64] = []
        var now = at(0)
        for _ in 0..<9 {
            schedule.ended(succeeded: false, at: now)
            waits.append(schedule.nextAttempt.since(now) / 1_000_000_000)
            now = schedule.nextAttempt
        }
        #expect(waits == [30, 60, 120, 240, 480, 960, 1800, 1800, 1800])
        #expect(schedule.failures == 9)
        schedule.ended(succeeded: true, at: now)
        #expect(schedule.failures == 0)
    }

    @Test func contactEveryMinuteWhileTheLabAnswers() {
        var schedule = LabSendSchedule(now: at(0))
        schedule.ended(succeeded: true, at: at(2))
        #expect(!schedule.isContactDue(at: at(61)) && schedule.isContactDue(at: at(62)))
        schedule.contacted(succeeded: true, at: at(62))
        #expect(schedule.nextContact == at(122) && schedule.nextAttempt == at(902), "a contact is not a send")
        schedule.contacted(succeeded: false, at: at(122))
        #expect(schedule.failures == 1 && schedule.nextAttempt == at(152))
        #expect(!schedule.isContactDue(at: at(500)), "no contacts while sends fail: the retries make contact")
        schedule.ended(succeeded: true, at: at(152))
        #expect(schedule.isContactDue(at: at(212)))
    }
}
