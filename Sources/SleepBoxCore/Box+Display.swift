extension Box {
    /// What the display shows at `now`.
    public func display(at now: Moment) -> DisplayFrame {
        let f = clock.fields(now.wall)
        let d = config.display
        let dimmed = d.dimFromHour <= d.dimUntilHour
            ? (f.hour >= d.dimFromHour && f.hour < d.dimUntilHour)
            : (f.hour >= d.dimFromHour || f.hour < d.dimUntilHour)
        // Burn-in: walk a 2x2 square, one step every few minutes.
        let step = Int((now.wall / 60).rounded(.down)) / max(1, d.shiftEveryMinutes)
        let shifts = [(0, 0), (1, 0), (1, 1), (0, 1)]
        let (dx, dy) = shifts[((step % 4) + 4) % 4]
        return DisplayFrame(screen: screen(at: now, fields: f), dimmed: dimmed, shiftX: dx, shiftY: dy,
                            language: config.language)
    }

    private func screen(at now: Moment, fields f: LocalFields) -> Screen {
        switch state.overlay {
        case .timerChoice(let selected, _)?:
            return .timerChoice(TimerChoiceScreen(options: timerOptions.map { config.words.table.timerLabel($0, in: config.language) }, selected: selected))
        case .volume?:
            return .volume(percent: state.volume)
        case .message(let text, _)?:
            return .message(text)
        case .comingSoon(let title, _)?:
            return .comingSoon(title: title)
        case .menu(let position, _)?:
            return .menu(menuScreen(position, at: now))
        case nil:
            break
        }
        switch state.phase {
        case .ringing:
            return .alarm(AlarmScreen(hour: f.hour, minute: f.minute, isSnoozed: false, snoozeRemaining: nil, isGreeting: false))
        case .greeting:
            return .alarm(AlarmScreen(hour: f.hour, minute: f.minute, isSnoozed: false, snoozeRemaining: nil, isGreeting: true))
        case .snoozed(let until):
            return .alarm(AlarmScreen(hour: f.hour, minute: f.minute, isSnoozed: true,
                                      snoozeRemaining: max(0, until - now.uptime), isGreeting: false))
        case .crossfading(_, _, let since, _, .modeChange), .fadingOut(_, let since, _, .stoppedByHand):
            return .transition(litDot: Int(max(0, now.uptime - since) / Box.dotPulseSeconds) % 3)
        case .idle:
            return .idle(IdleScreen(greeting: config.words.table.idleGreeting(hour: f.hour, wokenToday: rangToday(at: now, fields: f), in: config.language), hour: f.hour, minute: f.minute,
                                    nextAlarm: nextAlarmLabel(after: now.wall), timerRemaining: timerRemaining(at: now),
                                    clockUnset: !state.clockTrusted))
        case .playing, .paused, .crossfading, .fadingOut:
            guard let (item, position) = currentItem(at: now) else {
                return .idle(IdleScreen(greeting: config.words.table.idleGreeting(hour: f.hour, wokenToday: rangToday(at: now, fields: f), in: config.language), hour: f.hour, minute: f.minute,
                                        nextAlarm: nil, timerRemaining: nil))
            }
            let paused = state.phase.isPaused
            if let guide = item.breathing, let breath = guide.phase(at: position) {
                let words = config.words
                let label: String
                switch breath.step {
                case .inhale: label = words(.breatheIn)
                case .hold: label = words(.breatheHold)
                case .exhale: label = words(.breatheOut)
                case .rest: label = words(.breatheRest)
                }
                let left = (1 - breath.progress) * breath.stepSeconds
                return .breathing(BreathingScreen(
                    title: item.title, step: breath.step, label: label, fullness: guide.fullness(breath),
                    secondsLeft: max(1, Int((left - 1e-6).rounded(.up))), cycle: breath.cycle + 1, cycles: guide.cycles,
                    isPaused: paused, timerRemaining: timerRemaining(at: now)))
            }
            return .nowPlaying(NowPlayingScreen(
                mode: state.mode == .off ? state.lastMode : state.mode, title: item.title, elapsed: position,
                duration: item.duration, isPaused: paused, timerRemaining: timerRemaining(at: now),
                stopsAtEnd: state.timer?.choice == .endOfContent, kind: item.kind,
                caption: captions(of: item.id).map { $0.line(at: position)?.text ?? "" }))
        }
    }

    /// The caption timeline of `item` when captions are on and the audio side has reported it.
    func captions(of item: ItemID) -> Captions? {
        guard config.display.captions, let captions = state.captions, captions.item == item else { return nil }
        return captions
    }

    /// The alarm rang earlier on the local day of `now` (`f` are its fields).
    private func rangToday(at now: Moment, fields f: LocalFields) -> Bool {
        guard let rang = state.alarmLog.lastRang, rang <= now.wall else { return false }
        let r = clock.fields(rang)
        return (r.year, r.month, r.day) == (f.year, f.month, f.day)
    }

    /// How often the transition dots move on.
    public static let dotPulseSeconds = 0.5
    /// How long after a caption's change the display wakes (against rounding in the position).
    public static let captionWakeMargin = 1e-6
    /// How often the breathing animation is redrawn.
    public static let breathFrameSeconds = 0.125

    /// The uptime the breathing LED may next switch (the next step of the breath), or nil.
    public func nextBreathLightChange(after now: Moment) -> Double? {
        guard state.phase.isRunning, let (item, position) = currentItem(at: now), let guide = item.breathing,
              let next = guide.nextStepStart(after: position) else { return nil }
        return now.uptime + max(0.001, next - position)
    }

    /// The breathing LED: on while breathing in and holding the breath in, off otherwise (and
    /// whenever no breathing exercise plays, or it is paused or fading out).
    public func breathLight(at now: Moment) -> Bool {
        guard state.phase.isRunning, let (item, position) = currentItem(at: now), let guide = item.breathing,
              let breath = guide.phase(at: position) else { return false }
        return breath.step == .inhale || (breath.step == .hold && guide.fullness(breath) >= 1)
    }

    /// The uptime at which the display will next look different without any event: the next dot
    /// pulse, the next second of a countdown or position, or the next minute of the clock.
    public func nextDisplayChange(after now: Moment) -> Double {
        // Strictly later than now, even where floating point puts a computed boundary on `now`.
        max(displayBoundary(after: now), now.uptime + 0.001)
    }

    private func displayBoundary(after now: Moment) -> Double {
        let nextSecond = now.uptime.rounded(.down) + 1
        switch state.phase {
        case .crossfading(_, _, let since, _, .modeChange), .fadingOut(_, let since, _, .stoppedByHand):
            let n = ((now.uptime - since) / Box.dotPulseSeconds).rounded(.down) + 1
            return since + n * Box.dotPulseSeconds
        case .playing, .crossfading:
            if state.overlay == nil, let (item, position) = currentItem(at: now), let guide = item.breathing {
                if guide.phase(at: position) != nil { return now.uptime + Box.breathFrameSeconds }
                // Wake for the first breath even when it starts between seconds.
                if position < guide.startsAt { return min(nextSecond, now.uptime + (guide.startsAt - position)) }
            }
            // A caption changes with the voice, between the seconds of the position; a microsecond
            // late, so that the position worked out at the wake-up is past the change for certain.
            if state.overlay == nil, let (item, position) = currentItem(at: now),
               let change = captions(of: item.id)?.nextChange(after: position) {
                return min(nextSecond, now.uptime + (change - position) + Box.captionWakeMargin)
            }
            return nextSecond
        case .fadingOut, .snoozed:
            return nextSecond
        default:
            if state.timer?.deadline != nil { return nextSecond }
            let nextMinute = (now.wall / 60).rounded(.down) * 60 + 60
            return now.uptime(atWall: nextMinute)
        }
    }

    /// The item that plays (or is paused, or is being faded or crossfaded to), and its position.
    public func currentItem(at now: Moment) -> (ContentItem, Double)? {
        guard let p = state.playback, let item = catalog.item(p.item) else { return nil }
        return (item, p.position(at: now.uptime, running: state.phase.isRunning, duration: item.duration))
    }

    /// Seconds left on a running sleep timer (nil when none, or End of content).
    public func timerRemaining(at now: Moment) -> Double? {
        guard let timer = state.timer, let d = timer.deadline else { return nil }
        return timer.waitingForPause ? 0 : max(0, d - now.uptime)
    }

    /// The wall time the alarm rings next (nil when there is none, or it is off).
    public func nextAlarm(after wall: Double) -> Double? {
        guard let alarm = state.alarm else { return nil }
        return AlarmSchedule(settings: alarm, clock: clock).nextRing(after: wall)
    }

    /// "Mon 06:45" for the idle screen.
    func nextAlarmLabel(after wall: Double) -> String? {
        guard let t = nextAlarm(after: wall) else { return nil }
        let f = clock.fields(t)
        return config.words.table.weekday(f.weekday, in: config.language, short: true) + " " + twoDigits(f.hour) + ":"
            + twoDigits(f.minute)
    }
}
