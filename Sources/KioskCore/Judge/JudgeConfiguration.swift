/// An image-judgement block as a lab configures it (docs/judge.md): how each trial runs, the
/// answers a participant can give, and the trial lists. Times are seconds; paths are as the
/// file writes them, relative to its folder.
public struct JudgeConfiguration: Sendable {
    /// How a participant answers.
    public enum Paradigm: String, Hashable, Sendable, CaseIterable {
        /// Two to four answers, one of them right for each image.
        case choice
        /// One response, given to targets only; withholding it is right for the others.
        case goNoGo = "go-nogo"
    }

    /// In what order the trials of a list run.
    public enum Order: String, Hashable, Sendable, CaseIterable {
        /// Shuffled from a seed the log records: the same participant and title give the same order.
        case shuffle
        /// As the list gives them.
        case file
    }

    /// One answer: what the trial list calls it, what its button says, its key and joystick button.
    public struct Response: Hashable, Sendable {
        public var answer: String
        public var label: String
        /// A key name as the log writes keys (`F`, `SPACE`, `LEFT`); nil for none.
        public var key: String?
        /// A joystick button number (`JOY_BTN_<n>`); nil for none.
        public var joystickButton: Int?

        public init(answer: String, label: String, key: String? = nil, joystickButton: Int? = nil) {
            self.answer = answer
            self.label = label
            self.key = key
            self.joystickButton = joystickButton
        }
    }

    public var title = "Image judgement"
    public var paradigm = Paradigm.choice
    /// Said before the first trial (and before the practice).
    public var instructions = ""
    public var responses: [Response] = []
    /// The trial list, and where the configuration names it.
    public var trials = ""
    public var trialsPlace = (line: 0, column: 0)
    /// Practice trials run first and do not count; nil for none.
    public var practice: String?
    public var practicePlace = (line: 0, column: 0)
    public var order = Order.shuffle
    /// The trial list's column the summary groups trials by; nil groups them by the right answer.
    public var conditionColumn: String?
    /// A cross before each image; 0 for none.
    public var fixationSeconds = 0.5
    /// How long the image shows; 0 keeps it until the answer or the end of the response window.
    public var imageSeconds = 0.0
    /// How long after the image's onset an answer counts.
    public var responseSeconds = 2.0
    /// The blank screen between trials, plus a uniform random extra of up to `intervalJitterSeconds`.
    public var intervalSeconds = 1.0
    public var intervalJitterSeconds = 0.0
    /// "Correct", "Wrong" or "Too slow" after each answer.
    public var feedback = true
    public var feedbackSeconds = 0.8
    /// Points added for a right answer and for a wrong or missing one; shown when either is set.
    public var pointsCorrect = 0
    public var pointsWrong = 0
    /// A break after every this many counted trials; 0 for none.
    public var trialsPerBlock = 0

    public init() {}

    /// Whether points are shown and logged.
    public var scoresPoints: Bool { pointsCorrect != 0 || pointsWrong != 0 }
}
