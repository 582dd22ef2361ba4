import KioskCore

/// Opens the session log, builds the session, and moves rows from one to the other:
/// the part of a run that is the same with and without a window.
final class SessionRecorder {
    let session: MATBSession
    let log: SessionLogFile
    private var wasClockRunning = true

    /// Creates the log first (its number seeds the session), so an unwritable sessions
    /// folder is reported before anything starts.
    init(loaded: ScenarioLoader.Loaded, options: MATBRunOptions, sessionSpeed: Double, version: String) throws {
        do {
            log = try SessionLogFile.create(sessionsDirectory: options.sessionsDirectory, date: WallClock.localDateTime())
        } catch {
            throw ShellError("\(error)")
        }
        let configuration = SessionConfiguration(
            sessionNumber: log.sessionNumber, language: options.language, cadence: options.cadence, speed: sessionSpeed,
            layout: options.layout, version: version, displaySessionNumber: options.displaySessionNumber,
            includes: loaded.includes, virtualJoystick: options.virtualJoystick)
        session = MATBSession(scenario: loaded.scenario, configuration: configuration)
    }

    /// Writes the opening rows.
    func begin(at time: MonotonicTime, participant: String?) {
        session.begin(at: time)
        var records = session.takeRecords()
        if let participant {
            // After `version` and `scenario_path`, where OpenMATB's readers expect them.
            records.insert(LogRecord(logtime: time, scenarioTime: nil, kind: .manual, value: .string("participant: \(participant)")),
                           at: min(2, records.count))
        }
        log.append(records)
        log.flush()
    }

    /// Hands this frame's rows to the writer; syncs to disk when the session pauses.
    func endFrame() throws {
        log.append(session.takeRecords())
        log.flush()
        let running = session.isClockRunning
        if wasClockRunning && !running { try sync() }
        wasClockRunning = running
        if let error = log.lastError { throw ShellError("session log: \(error)") }
    }

    func sync() throws {
        do { try log.sync() } catch { throw ShellError("session log: \(error)") }
    }

    func close() throws {
        log.append(session.takeRecords())
        log.flush()
        do { try log.close() } catch { throw ShellError("session log: \(error)") }
    }
}
