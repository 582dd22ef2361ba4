import KioskCore
import KioskData
import Synchronization

@testable import KioskShell

/// Records parallel-port writes with the time they happened.
final class RecordingPort: ParallelPortDevice, @unchecked Sendable {
    let writes = Mutex<[(time: MonotonicTime, byte: UInt8)]>([])
    func write(_ byte: UInt8) throws {
        let now = MonotonicClock.now()
        writes.withLock { $0.append((now, byte)) }
    }
}
