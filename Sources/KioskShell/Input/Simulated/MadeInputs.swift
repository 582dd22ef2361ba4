import KioskCore
import Synchronization

/// What a simulated device made since it was last asked (docs/simulate.md): each input with the
/// instant it was made, and the first failure to make one. The device's writing thread adds;
/// the runner takes at each block's end.
final class MadeInputs: Sendable {
    private let state = Mutex<(inputs: [MadeInput], failure: String?)>(([], nil))

    func add(_ payload: InputEvent.Payload, madeAt instant: MonotonicTime) {
        state.withLock { $0.inputs.append(MadeInput(time: instant, payload: payload)) }
    }

    /// Keeps `failure` unless an earlier one is kept.
    func fail(_ failure: String) {
        state.withLock { $0.failure = $0.failure ?? failure }
    }

    /// The inputs made since the last call, in the order made, and the first failure to make one, if any.
    func take() -> (inputs: [MadeInput], failure: String?) {
        state.withLock { state in
            let taken = state
            state = ([], nil)
            return taken
        }
    }
}
