/// Which voices a scenario's communications prompts can speak with, so the shell reads and
/// checks exactly those clips before the session starts.
public enum CommunicationsVoices {
    /// The voices in force whenever a `radioprompt` can be spoken.
    ///
    /// A prompt set at time T is spoken at the task's first update at or after T while it
    /// runs: at most one update period after T if it runs then, else after the `start` or
    /// `resume` that follows. Every voice in force over that span counts (`voiceidiom` and
    /// `voicegender` default to french and female), so the answer may include a voice that
    /// ends up unused but never misses one. None without any `radioprompt`.
    public static func voices(for scenario: Scenario, catalog: PluginCatalog = .openMATB) -> Set<Voice> {
        guard scenario.plugins.contains(PluginAlias.communications), let descriptor = catalog.descriptor(for: PluginAlias.communications) else { return [] }
        // Events at one instant run in file order, before that instant's update.
        let events = scenario.events.enumerated().filter { $0.element.plugin == PluginAlias.communications }
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var period = ScenarioTime.milliseconds(Int64(descriptor.updatePeriodMilliseconds))
        for event in events {
            if case .set("taskupdatetime", let value) = event.command, let ms = value.number {
                period = max(period, ScenarioTime(nanoseconds: Int64((ms * 1e6).rounded(.up))))
            }
        }
        let defaultVoice = Voice(idiom: descriptor.parameter("voiceidiom")?.defaultValue.text ?? "french",
                                 gender: descriptor.parameter("voicegender")?.defaultValue.text ?? "female")
        var voices: Set<Voice> = []
        for prompt in events.filter({ if case .set("radioprompt", _) = $0.command { return true } else { return false } }) {
            guard let spoken = firstRunningTime(from: prompt.time, events) else { continue }
            let last = spoken + period
            var voice = defaultVoice
            for event in events where event.time <= last {
                guard case .set(let path, let value) = event.command, let text = value.text else { continue }
                if path == "voiceidiom" { voice.idiom = text }
                if path == "voicegender" { voice.gender = text }
                if event.time > prompt.time { voices.insert(voice) }
            }
            voices.insert(Self.voice(at: prompt.time, events, default: defaultVoice))
        }
        return voices
    }

    /// The voice in force once every event up to `time` has run.
    private static func voice(at time: ScenarioTime, _ events: [ScenarioEvent], default defaultVoice: Voice) -> Voice {
        var voice = defaultVoice
        for event in events where event.time <= time {
            guard case .set(let path, let value) = event.command, let text = value.text else { continue }
            if path == "voiceidiom" { voice.idiom = text }
            if path == "voicegender" { voice.gender = text }
        }
        return voice
    }

    /// The first time at or after `time` at which the task runs (started and not paused),
    /// or nil if it never does again.
    private static func firstRunningTime(from time: ScenarioTime, _ events: [ScenarioEvent]) -> ScenarioTime? {
        var isAlive = false, isPaused = true
        func apply(_ event: ScenarioEvent) {
            guard case .lifecycle(let method) = event.command else { return }
            switch method {
            case .start: isAlive = true; isPaused = false
            case .stop: isAlive = false; isPaused = true
            case .pause: isPaused = true
            case .resume: isPaused = false
            case .hide, .show: break
            }
        }
        for event in events where event.time <= time { apply(event) }
        if isAlive && !isPaused { return time }
        for event in events where event.time > time {
            apply(event)
            if isAlive && !isPaused { return event.time }
        }
        return nil
    }
}
