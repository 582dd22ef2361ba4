import RealModule

/// How simulated participants behave (docs/simulate.md), read from a study's model file by
/// ``BehaviourModelReader``: a default for every kind of block, so a plan runs with no file
/// at all, and what the file sets over it. Times are milliseconds; shares are 0 to 1.
public struct BehaviourModel: Sendable {
    /// How images are judged: how often right, and how fast.
    public struct Judgement: Hashable, Sendable {
        public var accuracy: Double
        public var responseTime: ExGaussian

        public init(accuracy: Double, responseTime: ExGaussian) {
            self.accuracy = accuracy
            self.responseTime = responseTime
        }

        /// The accuracy of an unbiased observer with sensitivity `dPrime`, Φ(d′/2): its hit
        /// rate, and one minus its false-alarm rate, on go/no-go and two-choice trials alike.
        public static func accuracy(dPrime: Double) -> Double {
            0.5 * (1 + Double.erf(dPrime / (2 * 2.0.squareRoot())))
        }
    }

    /// What a visit changes: responses `responseTimeScale` times as long, accuracy moved by
    /// `accuracyChange` (a later visit's practice).
    public struct VisitEffect: Hashable, Sendable {
        public var responseTimeScale = 1.0
        public var accuracyChange = 0.0

        public init(responseTimeScale: Double = 1, accuracyChange: Double = 0) {
            self.responseTimeScale = responseTimeScale
            self.accuracyChange = accuracyChange
        }
    }

    /// How a consent form is answered: the share who decline, the name typed, how long each
    /// page and box takes.
    public struct Consent: Hashable, Sendable {
        public var declineShare = 0.0
        public var name = "Simulated Participant"
        public var actionTime = ExGaussian(muMs: 1500, sigmaMs: 300, tauMs: 500)
    }

    /// How a MATB operator keeps the tracking cursor in its target: a proportional controller
    /// that looks at the cursor every `intervalMs`, pushes the stick `gain` times the cursor's
    /// distance from the centre (in half reticle sides) back toward it, `delayMs` later, with
    /// normal noise of standard deviation `noise` (stick units, −1 to 1) on each push. A faster
    /// drift or a weaker stick leaves the cursor farther out, as it does a person.
    public struct Tracking: Hashable, Sendable {
        public var gain = 4.0
        public var delayMs = 250.0
        public var noise = 0.1
        public var intervalMs = 100.0
    }

    /// How a MATB operator answers system monitoring: a failure is noticed with probability
    /// `detection`, and its key pressed after `responseTime`; one not noticed is missed.
    public struct Monitoring: Hashable, Sendable {
        public var detection = 0.9
        public var responseTime = ExGaussian(muMs: 1800, sigmaMs: 400, tauMs: 600)
    }

    /// How a MATB operator answers radio prompts: `responseTime` after a prompt for its own
    /// callsign ends, it selects the radio asked for and tunes it, then confirms; with
    /// probability `accuracy` to the frequency asked for, otherwise a step or two off.
    public struct Communications: Hashable, Sendable {
        public var accuracy = 0.85
        public var responseTime = ExGaussian(muMs: 2500, sigmaMs: 500, tauMs: 800)
    }

    /// How a MATB operator manages resources: every `intervalMs` it looks at the tanks and
    /// switches pumps toward tanks A's and B's targets, keeping C and D filled from E and F
    /// (`policy = "target"`, ``SimulatedMATBOperator``), or leaves the pumps alone (`"none"`).
    public struct ResourceManagement: Hashable, Sendable {
        public var keepsTargets = true
        public var intervalMs = 2000.0
    }

    /// When a MATB operator asks an adaptive rule for help (docs/adaptive.md: a rule the
    /// participant asks with a key or a button): once the share of its looks at the tracking
    /// cursor over the last `windowMs` that found the cursor outside its target rises above
    /// `above`, it presses the rule's key (or taps its button); once the share falls below
    /// `below`, it asks again, which releases the rule. Nil `above`: it never asks.
    public struct HelpRequests: Hashable, Sendable {
        public var above: Double?
        public var below = 0.2
        public var windowMs = 10_000.0
    }

    /// How long a participant rests past a self-paced break's minimum before going on.
    public struct Rest: Hashable, Sendable {
        public var beyondMinimum = ExGaussian(muMs: 20_000, sigmaMs: 5_000, tauMs: 15_000)
    }

    /// How questionnaires (NASA-TLX, any OpenMATB genericscales) are answered: each slider set
    /// by a tap at a fraction of its scale drawn from a normal distribution (clipped to the
    /// scale), one slider every `actionTime`, then the page validated.
    public struct Questionnaire: Hashable, Sendable {
        public var answerMean = 0.5
        public var answerStandardDeviation = 0.2
        public var actionTime = ExGaussian(muMs: 1500, sigmaMs: 300, tauMs: 500)
        /// How far the answers follow the workload the participant just had
        /// (``ExperiencedWorkload``): each answer's mean is `(1 − weight) × answerMean +
        /// weight × workload`, so 0 ignores it and 1 answers the workload itself.
        public var workloadWeight = 0.0

        /// The mean answer, as a fraction of the scale, after a block of this `workload` (0 to
        /// 1; nil when no MATB block measured one).
        public func answerMean(afterWorkload workload: Double?) -> Double {
            guard let workload else { return answerMean }
            return (1 - workloadWeight) * answerMean + workloadWeight * workload
        }
    }

    /// How a drawing-pad trial is drawn (``SimulatedPadParticipant``): `strokes` copies of a
    /// built-in shape side by side across the pad, each one stroke of the pen traced at
    /// `speedPxPerSecond`, sampled `sampleRateHz` times a second as a pen reports, wavering by
    /// `jitterPx`, pressed and tilted as a hand holds a pen; a pen-up gap before each stroke,
    /// and a look at each image before it is hidden to draw.
    public struct Drawing: Hashable, Sendable {
        public enum Shape: String, CaseIterable, Sendable {
            case line, circle
            case figureEight = "figure-eight"
        }

        public var shape = Shape.figureEight
        public var strokes = 3
        public var sizePx = 200.0
        public var jitterPx = 1.5
        public var speedPxPerSecond = 250.0
        /// A Wacom-class pen's report rate.
        public var sampleRateHz = 133.0
        public var pressureMean = 0.55
        public var pressureStandardDeviation = 0.1
        /// Tilt from the vertical towards the pad's right (+x) and its bottom (+y, toward the
        /// person): a right hand's pen leans right and back.
        public var tiltXDegrees = 25.0
        public var tiltYDegrees = 35.0
        public var tiltStandardDeviationDegrees = 5.0
        /// The pen up before each stroke.
        public var gap = ExGaussian(muMs: 400, sigmaMs: 100, tauMs: 200)
        /// The look at a familiarisation image or a stimulus before it is hidden.
        public var view = ExGaussian(muMs: 3000, sigmaMs: 800, tauMs: 1000)
    }

    /// How a prompt sequence's waits are answered: each screen that waits for the participant
    /// (a preparation step, a phase until they continue, the pause) is gone on from after `responseTime`.
    public struct Prompts: Hashable, Sendable {
        public var responseTime = ExGaussian(muMs: 2000, sigmaMs: 500, tauMs: 1000)
    }

    /// How long a participant reads a screen before going on: instruction slides, the screen
    /// before each block, a drawing pad's welcome.
    public struct Screens: Hashable, Sendable {
        public var reading = ExGaussian(muMs: 4000, sigmaMs: 1500, tauMs: 3000)
    }

    /// How participants keep to their visits: a share of later visits run after their window
    /// closed (1 to `lateDaysAtMost` days after), and a share of participants who stop coming
    /// after some visit (the visit they no longer come to drawn among the later ones).
    public struct Attendance: Hashable, Sendable {
        public var lateShare = 0.0
        public var lateDaysAtMost = 3
        public var noShowShare = 0.0

        public init() {}
    }

    /// Trial judgements of every judgement block, unless a condition says otherwise.
    public var judgement = Judgement(accuracy: 0.85, responseTime: ExGaussian(muMs: 450, sigmaMs: 50, tauMs: 100))
    /// Judgements by the value of a block's condition column (docs/judge.md `condition`).
    public var conditions: [String: Judgement] = [:]
    /// Accuracy gained each time a block runs again, so practice reaches its criterion.
    public var learningPerRun = 0.1
    /// What each visit of the plan changes, by the visit's name.
    public var visits: [String: VisitEffect] = [:]
    public var consent = Consent()
    public var tracking = Tracking()
    public var monitoring = Monitoring()
    public var communications = Communications()
    public var attendance = Attendance()
    public var resources = ResourceManagement()
    public var helpRequests = HelpRequests()
    public var rest = Rest()
    public var questionnaire = Questionnaire()
    public var drawing = Drawing()
    public var prompts = Prompts()
    public var screens = Screens()
    /// Where the file gives behaviour for kinds of block (`judge`; `questionnaire` or `matb`)
    /// or a visit, so a model for what the plan does not have is refused at its place.
    public var blockKindPlaces: [(kinds: [String], line: Int, column: Int)] = []
    public var visitPlaces: [(visit: String, line: Int, column: Int)] = []
    /// Where the file gives `[attendance]`, which a plan without later visits has no use for.
    public var attendancePlace: (line: Int, column: Int)?

    public init() {}

    /// How a trial of `condition` is judged at `visit`, after the block ran `earlierRuns` times.
    public func judgement(condition: String?, visit: String?, earlierRuns: Int) -> Judgement {
        var judged = condition.flatMap { conditions[$0] } ?? judgement
        let effect = visit.flatMap { visits[$0] } ?? VisitEffect()
        judged.accuracy = min(1, max(0, judged.accuracy + effect.accuracyChange + learningPerRun * Double(earlierRuns)))
        judged.responseTime = judged.responseTime.scaled(by: effect.responseTimeScale)
        return judged
    }
}
