import KioskCore

/// Opens the session log, builds the session, and moves rows from one to the other:
/// the part of a run that is the same with and without a window.
final class SessionRecorder {
    let session: MATBSession
    let log: SessionLogFile
    /// The LSL outlet and parallel port the scenario uses.
    let devices: DeviceOutputs
    private let speed: Double
    private var wasClockRunning = true

    /// Opens the devices the scenario needs, then creates the log (its number seeds the
    /// session), so a missing liblsl or port, or an unwritable sessions folder, is reported
    /// before anything starts.
    init(loaded: ScenarioLoader.Loaded, options: MATBRunOptions, sessionSpeed: Double, version: String,
         voices: VoiceCatalog = VoiceCatalog()) throws {
        devices = try DeviceOutputs(scenario: loaded.scenario, catalog: loaded.catalog)
        speed = sessionSpeed
        do {
            log = try SessionLogFile.create(sessionsDirectory: options.sessionsDirectory, date: WallClock.localDateTime())
        } catch {
            throw ShellError("\(error)")
        }
        let configuration = SessionConfiguration(
            sessionNumber: log.sessionNumber, language: options.language, cadence: options.cadence, speed: sessionSpeed,
            layout: options.layout, version: version, displaySessionNumber: options.displaySessionNumber,
            includes: loaded.includes, voices: voices, virtualJoystick: options.virtualJoystick,
            hideOnPause: options.hideOnPause)
        session = MATBSession(scenario: loaded.scenario, configuration: configuration, catalog: loaded.catalog)
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

    /// Performs this frame's device actions (LSL, parallel port) and hands its rows to the
    /// writer; syncs to disk when the session pauses. A device problem is shown to the
    /// participant's operator in a Warning dialog, as OpenMATB shows its errors.
    func endFrame(at now: MonotonicTime) throws {
        let outputs = session.takeDeviceOutputs()
        let records = session.takeRecords()
        for problem in devices.perform(outputs, rows: records, now: now, scenarioTime: session.scenarioTime, speed: speed) {
            session.report(problem, fatal: false, logtime: now)
        }
        log.append(records)
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
        let now = MonotonicClock.now()
        let outputs = session.takeDeviceOutputs()
        let records = session.takeRecords()
        _ = devices.perform(outputs, rows: records, now: now, scenarioTime: session.scenarioTime, speed: speed)
        devices.close()
        log.append(records)
        log.flush()
        do { try log.close() } catch { throw ShellError("session log: \(error)") }
    }
}
