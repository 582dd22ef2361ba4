import Testing
@testable import KioskCore

@Suite struct RepeatCriterionTests {
    @Test func criteriaReadWithNamesThatHoldSpaces() throws {
        let accuracy = try RepeatCriterion.parse("accuracy >= 0.8").get()
        #expect(accuracy == RepeatCriterion(figure: "accuracy", comparison: .atLeast, threshold: 0.8))
        #expect(accuracy.description == "accuracy >= 0.8")
        #expect(try RepeatCriterion.parse("median RT ms<650").get() == RepeatCriterion(figure: "median RT ms", comparison: .below, threshold: 650))
        #expect(try RepeatCriterion.parse(" track in target % > 70 ").get().figure == "track in target %")
        #expect(try RepeatCriterion.parse("d' >= 1.5").get().figure == "d′")
        #expect(try RepeatCriterion.parse("dprime <= 2").get() == RepeatCriterion(figure: "d′", comparison: .atMost, threshold: 2))
    }

    @Test func aCriterionThatCannotBeReadSaysWhatWasExpected() {
        for (text, ending) in [("accuracy", "e.g. \"accuracy >= 0.8\""), (">= 0.8", "no figure before >="),
                               ("accuracy >= high", "\"high\" after >= is not a number"), ("accuracy >= nan", "\"nan\" after >= is not a number")] {
            guard case .failure(let problem) = RepeatCriterion.parse(text) else {
                Issue.record("\(text) was read")
                continue
            }
            #expect(problem.message.hasPrefix("expected \"FIGURE >= NUMBER\""))
            #expect(problem.message.hasSuffix(ending), "\(text): \(problem.message)")
        }
    }

    @Test func theFiguresOfARunMeetItOrNot() throws {
        let criterion = try RepeatCriterion.parse("accuracy >= 0.8").get()
        #expect(criterion.isMet(by: ["accuracy": "0.800"]) == true)
        #expect(criterion.isMet(by: ["accuracy": "0.799"]) == false)
        #expect(criterion.isMet(by: ["trials": "0"]) == nil)
        #expect(criterion.isMet(by: ["accuracy": "inf"]) == nil)
    }

    @Test func aRunBelowTheCriterionRunsAgainUntilTheLastRunThePlanAllows() throws {
        let criterion = try RepeatCriterion.parse("accuracy >= 0.8").get()
        #expect(PracticeDecision.after(run: 1, figures: ["accuracy": "0.650"], criterion: criterion, maxRuns: 3) == .again(
            journal: "accuracy 0.650 did not reach accuracy >= 0.8 on run 1 of at most 3",
            screen: "Your accuracy was 0.650; the goal is 0.8 or more. This part runs again (2 of at most 3)."))
        #expect(PracticeDecision.after(run: 2, figures: ["accuracy": "0.850"], criterion: criterion, maxRuns: 3)
            == .goOn(journal: "accuracy 0.850 reached accuracy >= 0.8 on run 2 of at most 3"))
        #expect(PracticeDecision.after(run: 3, figures: ["accuracy": "0.700"], criterion: criterion, maxRuns: 3)
            == .goOn(journal: "accuracy 0.700 did not reach accuracy >= 0.8 on run 3 of at most 3, the last the plan allows; going on"))
        #expect(PracticeDecision.after(run: 1, figures: [:], criterion: criterion, maxRuns: 3)
            == .goOn(journal: "accuracy was not reported on run 1 of at most 3; going on without the criterion"))
        let faster = try RepeatCriterion.parse("median RT ms < 600").get()
        guard case .again(_, let screen) = PracticeDecision.after(run: 1, figures: ["median RT ms": "712.5"], criterion: faster, maxRuns: 2) else {
            Issue.record("a slower run met a criterion on speed")
            return
        }
        #expect(screen.contains("the goal is less than 600"))
    }
}
