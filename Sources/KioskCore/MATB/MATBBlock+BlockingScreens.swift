/// Blocking screens (instructions, questionnaires): the tasks they suspend, the updates they
/// get while scenario time stands still, and unattended runs moving past them.
extension MATBBlock {
    func checkBlocking(logtime: MonotonicTime) {
        let blocker = hosts.first { $0.isBlockingNow }
        if blocker != nil && !isBlocked {
            isBlocked = true
            tasksSuspendedByBlocking = hosts.filter { !$0.descriptor.isBlocking && !$0.isPaused }
            for host in tasksSuspendedByBlocking {
                records += host.pause(at: scenarioTime, logtime: logtime)
                records += host.hide(at: scenarioTime, logtime: logtime)
            }
        }
        // A finished screen stops itself without an event row (labstreaminglayer only hides
        // and streams on).
        for host in hosts where host.descriptor.isBlocking && host.isAlive && host.plugin.isFinished {
            if host.plugin.stopsWhenFinished {
                records += host.stop(at: scenarioTime, logtime: logtime)
            } else {
                records += host.hide(at: scenarioTime, logtime: logtime)
            }
        }
        if isBlocked && !hosts.contains(where: { $0.isBlockingNow }) {
            isBlocked = false
            for host in tasksSuspendedByBlocking {
                records += host.show(at: scenarioTime, logtime: logtime)
                records += host.resume(at: scenarioTime, logtime: logtime)
            }
            tasksSuspendedByBlocking = []
        }
    }

    /// While a blocking screen shows, scenario time stands still, yet OpenMATB checks its
    /// slides every frame: each running blocking screen gets one update per frame, at the
    /// frozen time, where it moves to the slide the participant asked for (docs/openmatb-behaviour.md:
    /// Blocking screens).
    func updateBlockingScreens(logtime: MonotonicTime) {
        guard isBlocked, dialog == nil, !isFinished else { return }
        for host in hosts where host.isBlockingNow {
            withPerformance(host) { $0.updateWhileBlocking(at: scenarioTime, logtime: logtime, heldKeys: heldKeys, appendingTo: &records) }
        }
        drainOutputs()
        checkBlocking(logtime: logtime)
    }

    /// Moves past whatever waits for the participant (a dialog or a blocking screen), logging
    /// a `manual` row that says so; `--headless` and batch runs call this. A fatal error
    /// dialog ends the session, as its only answer is Exit.
    public func dismissWaitingScreen(at logtime: MonotonicTime) {
        openProblemDialog(logtime: logtime)
        if let dialog {
            records.append(row(logtime, .manual, "", "", .string("labkiosk: dismissed dialog '\(dialog.title)' automatically")))
            closeDialog(logtime: logtime)
            if !dialog.buttons.contains(.continue) { end(at: logtime) }
            return
        }
        for host in hosts where host.isBlockingNow {
            records.append(row(logtime, .manual, "", "", .string("labkiosk: dismissed \(host.alias) screen automatically")))
            host.plugin.dismiss()
        }
        updateBlockingScreens(logtime: logtime)
        checkEnd(logtime: logtime)
    }
}
