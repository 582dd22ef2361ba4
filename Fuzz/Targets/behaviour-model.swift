import KioskCore

// A behaviour model as `labkiosk simulate` reads it: every number it lets through must keep
// the model's shares in 0…1 and its times finite (and the tracking operator's looks at least
// 10 ms apart, its pen's strokes finite, pressed and tilted as a pen can be), checked against a
// plan of a judgement and a consent block, and drawn from, as a simulated participant draws.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard case .success(let model) = BehaviourModelReader.read(FuzzInput(data, size).text, file: "model.toml") else { return 0 }
    var judge = PlanBlock(kind: .judge, file: "judge.toml")
    judge.visit = "baseline"
    var consent = PlanBlock(kind: .consent, file: "form.toml")
    consent.visit = "baseline"
    let plan = Plan(studyName: "fuzz", blocks: [consent, judge], counterbalance: [:], visits: [PlanVisit(name: "baseline", day: 0)])
    consume(model.problems(against: plan, file: "model.toml"))
    var generator = SplitMix64(seed: 1)
    for condition in [nil] + model.conditions.keys.map(Optional.some) {
        for visit in [nil] + model.visits.keys.map(Optional.some) {
            for runs in [0, 1, 19] {
                let judged = model.judgement(condition: condition, visit: visit, earlierRuns: runs)
                precondition((0...1).contains(judged.accuracy), "an accuracy outside 0…1 got through")
                let milliseconds = judged.responseTime.drawMilliseconds(&generator)
                precondition(milliseconds.isFinite && milliseconds >= 1, "a response time that is no time got through")
            }
        }
    }
    precondition((0...1).contains(model.consent.declineShare), "a decline share outside 0…1 got through")
    let tracking = model.tracking
    precondition([tracking.gain, tracking.delayMs, tracking.noise].allSatisfy { $0.isFinite && $0 >= 0 } && tracking.intervalMs >= 10,
                 "a tracking hand that is no hand got through")
    precondition((0...1).contains(model.monitoring.detection), "a detection share outside 0…1 got through")
    precondition(model.resources.intervalMs >= 10 && model.resources.intervalMs.isFinite, "looks at the tanks with no time between got through")
    consume(model.monitoring.responseTime.drawMilliseconds(&generator) + model.rest.beyondMinimum.drawMilliseconds(&generator))
    precondition((0...1).contains(model.questionnaire.answerMean) && (0...1).contains(model.questionnaire.answerStandardDeviation),
                 "a questionnaire answer outside its scale got through")
    consume(model.consent.actionTime.drawMilliseconds(&generator) + model.questionnaire.actionTime.drawMilliseconds(&generator))
    for workload in [nil, 0.0, 1.0] {
        precondition((0...1).contains(model.questionnaire.answerMean(afterWorkload: workload)), "an answer tied to workload left its scale")
    }
    let drawing = model.drawing
    precondition((1...100).contains(drawing.strokes) && (1...1000).contains(drawing.sampleRateHz) && drawing.speedPxPerSecond >= 1
                 && drawing.sizePx >= 1 && drawing.sizePx.isFinite && drawing.jitterPx.isFinite && drawing.jitterPx >= 0,
                 "a pen that draws nothing, or forever, got through")
    precondition((0...1).contains(drawing.pressureMean) && (0...1).contains(drawing.pressureStandardDeviation)
                 && [drawing.tiltXDegrees, drawing.tiltYDegrees].allSatisfy { (-90...90).contains($0) }
                 && (0...90).contains(drawing.tiltStandardDeviationDegrees), "a pressure or tilt no pen reports got through")
    for time in [drawing.gap, drawing.view, model.prompts.responseTime, model.screens.reading] {
        let milliseconds = time.drawMilliseconds(&generator)
        precondition(milliseconds.isFinite && milliseconds >= 1, "a drawing, prompt or reading time that is no time got through")
    }
    return 0
}
