/// Inputs: the on-screen stick and pointer rows, held keys, and delivery to the tasks.
extension MATBBlock {
    /// Routes one input through the on-screen stick and writes its rows, which carry the
    /// input's own timestamp as their `logtime` (a key's, a touch's, or an evdev event's
    /// kernel time), not the frame's.
    func route(_ input: InputEvent) {
        let logtime = input.time
        // While a dialog is up, touches belong to it: the stick takes no new finger (one holding it keeps it).
        for step in inputRouter.route(input.payload, trackRegion: dialog == nil ? stickTrackRegion : nil) {
            // A tap on a dialog's Exit ends the session: nothing follows `manual,,,end`, not
            // even that touch's own release row.
            guard !isFinished else { break }
            switch step {
            case .deliver(let payload): handle(payload, logtime: logtime)
            case .log(let module, let address, let value): records.append(row(logtime, .input, module, address, value))
            case .note(let text): records.append(row(logtime, .manual, "", "", .string(text)))
            }
        }
        // A stick moved while a dialog was open reaches the tasks once the dialog closes,
        // as OpenMATB's next joystick poll would deliver it.
        if dialog == nil && heldJoystickAxes != joystickAxes {
            handle(.joystickAxes(x: heldJoystickAxes.x, y: heldJoystickAxes.y), logtime: logtime)
        }
    }

    /// A stream sample routed after `taken`, the scenario time it was taken at (it came late,
    /// or before the session began), marked with that time, to the microsecond the log keeps:
    /// it counts from then, and its log says so. Any other input as it is.
    func stampedWhenTaken(_ input: InputEvent, at taken: ScenarioTime) -> InputEvent {
        guard case .streamSample(var sample) = input.payload, sample.takenAt == nil, taken < scenarioTime else { return input }
        sample.takenAt = taken.roundedToLoggedMicrosecond
        return InputEvent(time: input.time, .streamSample(sample))
    }

    /// The stick position the tasks were last given (a hardware stick's or the on-screen one's).
    public var stickPosition: (x: Double, y: Double) { joystickAxes }

    /// The region of the task the on-screen stick drives, while it shows: the stick sits beside it.
    var stickTrackRegion: Rect? {
        guard let steered = hosts.first(where: { $0.plugin.takesOnScreenStick }), steered.hasStarted, steered.isVisible,
              steered.placement != .invisible, steered.placement != .fullscreen else { return nil }
        return configuration.layout.region(steered.placement)
    }

    func handle(_ input: InputEvent.Payload, logtime: MonotonicTime) {
        trackHeldKeys(input)
        if case .joystickAxes(let x, let y) = input { heldJoystickAxes = (x, y) }
        if dialog != nil {
            handleDialogInput(input, logtime: logtime)
            return
        }
        switch input {
        case .quitRequested:
            end(at: logtime)
            return
        case .joystickAxes(let x, let y):
            if x != joystickAxes.x { records.append(row(logtime, .input, "joystick", "x", .float(x))) }
            if y != joystickAxes.y { records.append(row(logtime, .input, "joystick", "y", .float(y))) }
            joystickAxes = (x, y)
        default:
            break
        }
        // OpenMATB never delivers joystick releases to tasks (docs/openmatb-behaviour.md: Keyboard input);
        // they are still logged.
        if case .joystickButton(_, pressed: false) = input {} else {
            for host in hosts { records += host.handle(input, at: scenarioTime, logtime: logtime, heldKeys: heldKeys) }
        }
        switch input {
        case .keyPress(let key):
            if key == "ESCAPE" && configuration.escapeOffersExit { openDialog(.exitConfirmation(configuration.language), logtime: logtime) }
            if key == "P" { openDialog(.pause(configuration.language), logtime: logtime) }
            records.append(row(logtime, .input, "keyboard", key, .string("press")))
            requestAdaptation(key: key, logtime: logtime)
        case .keyRelease(let key):
            records.append(row(logtime, .input, "keyboard", key, .string("release")))
        case .joystickButton(let name, let pressed):
            records.append(row(logtime, .input, "Joystick", name, .string(pressed ? "press" : "release")))
            if pressed { requestAdaptation(key: name, logtime: logtime) }
        case .streamSample(let sample):
            records.append(row(logtime, .input, Self.streamInputModule, sample.stream, .float(sample.value)))
            records.append(row(logtime, .input, Self.streamInputModule, sample.stream + ".time", .float(sample.streamTime)))
            if let taken = sample.takenAt {
                records.append(row(logtime, .input, Self.streamInputModule, sample.stream + ".taken", .float(taken.seconds)))
            }
            receiveStreamSample(sample, logtime: logtime)
        case .pointerDown(let point, _):
            pressAdaptiveButton(at: point, logtime: logtime)
        case .pointerMove, .pointerUp, .joystickAxes, .joystickDevice, .pointerDevice, .quitRequested:
            break
        }
    }

    /// Keeps the held-key table as OpenMATB's window does: a key counts as held from a press
    /// made with no dialog open until its release (a release always counts, so no key sticks).
    func trackHeldKeys(_ input: InputEvent.Payload) {
        switch input {
        case .keyPress(let key) where dialog == nil: heldKeys.insert(key)
        case .keyRelease(let key): heldKeys.remove(key)
        case .joystickButton(let name, let pressed):
            if pressed && dialog == nil { heldKeys.insert(name) } else if !pressed { heldKeys.remove(name) }
        default: break
        }
    }
}
