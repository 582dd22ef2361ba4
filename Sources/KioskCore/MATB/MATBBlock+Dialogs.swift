/// Dialogs (session number, pause, exit, warnings and errors): what they take, and the tasks
/// they pause and resume.
extension MATBBlock {
    /// A dialog takes every input while open (docs/openmatb-behaviour.md: Dialogs): SPACE or Q *release* as
    /// in OpenMATB, a tap on its on-screen buttons, or a joystick button released after being
    /// pressed while the dialog showed (button 1 = the rightmost button, button 2 = Exit).
    /// None of these inputs is logged, as OpenMATB logs no key while a dialog is open.
    func handleDialogInput(_ input: InputEvent.Payload, logtime: MonotonicTime) {
        guard var current = dialog else { return }
        if case .quitRequested = input {
            closeDialog(logtime: logtime)
            end(at: logtime)
            return
        }
        let choice = current.handle(input, on: configuration.layout.region(.fullscreen))
        dialog = current
        switch choice {
        case .continue?:
            closeDialog(logtime: logtime)
        case .exit?:
            closeDialog(logtime: logtime)
            end(at: logtime)
        case nil:
            break
        }
    }

    func openDialog(_ newDialog: ModalDialog, logtime: MonotonicTime) {
        guard dialog == nil else { return }
        dialog = newDialog
        for host in hosts where host.isAlive { records += host.pause(at: scenarioTime, logtime: logtime) }
    }

    /// Closing a dialog resumes every running task, including ones the scenario had paused
    /// (OpenMATB does the same, docs/openmatb-behaviour.md: Frames and scenario time).
    func closeDialog(logtime: MonotonicTime) {
        guard let closed = dialog else { return }
        dialog = nil
        records.append(row(logtime, .dialog, "", "", .string("\(closed.title) end")))
        for host in hosts where host.isAlive && !tasksSuspendedByBlocking.contains(where: { $0 === host }) {
            records += host.resume(at: scenarioTime, logtime: logtime)
        }
    }

    /// Reports a problem found while the session runs (a device that failed, a missing
    /// joystick): it is logged at once as a `manual` row, and shown at the next frame in a
    /// Warning dialog (Space continues, Q exits) or, if fatal, an Error(s) dialog whose only
    /// answer is Exit (docs/openmatb-behaviour.md: Dialogs). Problems reported together share one dialog.
    public func report(_ message: String, fatal: Bool, at logtime: MonotonicTime) {
        records.append(row(logtime, .manual, "", "", .string(message)))
        pendingProblems.append((message, fatal))
    }

    func openProblemDialog(logtime: MonotonicTime) {
        guard dialog == nil, !pendingProblems.isEmpty, !isFinished else { return }
        let fatal = pendingProblems.contains { $0.fatal }
        let messages = pendingProblems.map(\.message)
        pendingProblems = []
        openDialog(.problems(messages, fatal: fatal, configuration.language), logtime: logtime)
    }
}
