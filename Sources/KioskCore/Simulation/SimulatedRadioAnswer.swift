/// How a simulated MATB operator answers a radio prompt for its own callsign (docs/simulate.md):
/// a response time after the prompt was spoken, it moves the selection to the radio asked for
/// with the selection keys, holds a tuning key until the radio shows the frequency it means to
/// set, and confirms; the frequency is the one asked for with ``BehaviourModel/Communications``'s
/// accuracy, else a step or two off. It acts on what the task shows, a frame at a time, as a
/// person watching the radio does, and through the same keys.
struct SimulatedRadioAnswer {
    /// The radio asked for (by name) and the frequency to set, in tenths of a megahertz.
    let radio: String
    let meantTenths: Int
    /// When the operator acts next: the first time, the end of the response time.
    private(set) var nextActionAt: MonotonicTime
    /// The tuning key held down, if one is.
    private var heldKey: String?
    private(set) var isDone = false

    /// A hand moves from one key to the next in this time.
    static let keyToKey = ExGaussian(muMs: 300, sigmaMs: 60, tauMs: 100)

    init(radio: CommunicationsRadio, model: BehaviourModel.Communications, noticedAt time: MonotonicTime, generator: inout SplitMix64) {
        self.radio = radio.name
        let asked = Self.tenths(radio.targetMHz ?? radio.frequencyMHz)
        let right = generator.nextUnit() < model.accuracy
        let offBy = (generator.nextUnit() < 0.5 ? 1 : 2) * (generator.nextUnit() < 0.5 ? -1 : 1)
        meantTenths = right ? asked : asked + offBy
        nextActionAt = time.adding(milliseconds: model.responseTime.drawMilliseconds(&generator))
    }

    static func tenths(_ megahertz: Double) -> Int { Int((megahertz * 10).rounded()) }

    /// The inputs for what the operator sees at `time`, if it is time to act: one key to move
    /// the selection, a tuning key pressed or released, or the confirmation.
    /// Once the prompt is no longer waiting (missed), a held key is let go and nothing more done.
    mutating func act(at time: MonotonicTime, radios: [CommunicationsRadio], parameters: CommunicationsParameters,
                      generator: inout SplitMix64) -> [InputEvent] {
        guard !isDone, time >= nextActionAt, let asked = radios.first(where: { $0.name == radio }),
              let active = radios.first(where: \.isActive) else { return [] }
        let keys = parameters.keys
        // A few milliseconds after the frame that showed it, off the frames' grid: an input in
        // the same microsecond as the tracking hand's, with a selection changing between them,
        // is one verify cannot order.
        let moment = time.adding(milliseconds: 0.5 + 8 * generator.nextUnit())
        if asked.targetMHz == nil {
            isDone = true
            return heldKey.map { [InputEvent(time: moment, .keyRelease($0))] } ?? []
        }
        // A radio tunes only within the air band.
        let goalTenths = min(max(meantTenths, Self.tenths(parameters.airbandMinMHz)), Self.tenths(parameters.airbandMaxMHz))
        // A tuning key is released as soon as the radio shows the frequency, before anything else.
        if let key = heldKey {
            let shown = Self.tenths(active.frequencyMHz)
            let reached = key == keys.tuneFrequencyUp ? shown >= goalTenths : shown <= goalTenths
            guard reached || active.name != radio else { return [] }
            heldKey = nil
            nextActionAt = moment.adding(milliseconds: Self.keyToKey.drawMilliseconds(&generator))
            return [InputEvent(time: moment, .keyRelease(key))]
        }
        let key: String
        if active.name != radio {
            key = asked.position < active.position ? keys.selectRadioUp : keys.selectRadioDown
        } else if Self.tenths(active.frequencyMHz) != goalTenths {
            key = Self.tenths(active.frequencyMHz) < goalTenths ? keys.tuneFrequencyUp : keys.tuneFrequencyDown
            heldKey = key
            nextActionAt = moment
            return [InputEvent(time: moment, .keyPress(key))]
        } else {
            key = keys.validateResponse
            isDone = true
        }
        nextActionAt = moment.adding(milliseconds: Self.keyToKey.drawMilliseconds(&generator))
        return [InputEvent(time: moment, .keyPress(key)), InputEvent(time: moment.adding(milliseconds: 90), .keyRelease(key))]
    }
}
