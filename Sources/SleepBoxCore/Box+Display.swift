extension Box {
    /// Seconds after the last input before the panel goes dark, as set in effect (the file's
    /// `[display] screen_timeout_seconds` or the owner's); nil keeps it lit.
    public var screenTimeout: Double? {
        let seconds = config.display.screenTimeoutSeconds
        return seconds > 0 ? seconds : nil
    }

    /// What the display shows at `now`.
    public func display(at now: Moment) -> DisplayFrame {
        let f = clock.fields(now.wall)
        let d = config.display
        let dimmed = isNight(now.wall)
        // Burn-in: walk a 2x2 square, one step every few minutes.
        let step = Int((now.wall / 60).rounded(.down)) / max(1, d.shiftEveryMinutes)
        let shifts = [(0, 0), (1, 0), (1, 1), (0, 1)]
        let (dx, dy) = shifts[((step % 4) + 4) % 4]
        var frame = DisplayFrame(screen: screen(at: now, fields: f), dimmed: dimmed, shiftX: dx, shiftY: dy,
                                 language: config.language)
        frame.brightness = dimmed ? d.nightBrightness : d.dayBrightness
        return frame
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
        case .pages(_, let until)?:
            guard var screen = pageScreen(at: now) else { break }
            if case .menu(var menu) = screen {
                menu.marqueeSeconds = marqueeSeconds(menuUntil: until, at: now)
                screen = .menu(menu)
            }
            return screen
        case .reminder?:
            let words = config.words
            return .reminder(ReminderScreen(text: words(.windDownNote), hour: f.hour, minute: f.minute,
                                            laterHint: words(.reminderLaterHint), skipHint: words(.reminderSkipHint)))
        case .completion(let completion, _)?:
            return .completion(completionScreen(completion, at: now))
        case nil, .timeLeft?:
            break
        }
        switch state.phase {
        case .ringing:
            var alarm = AlarmScreen(hour: f.hour, minute: f.minute, isSnoozed: false, snoozeRemaining: nil, isGreeting: false)
            if state.light.ringWithoutSound {
                // No sound: the screen says so and blinks, half a second on, half a second off.
                alarm.withoutSound = true
                alarm.blinkOn = Int((now.uptime / Box.alarmBlinkSeconds).rounded(.down)) % 2 == 0
            }
            return .alarm(alarm)
        case .greeting:
            return .alarm(AlarmScreen(hour: f.hour, minute: f.minute, isSnoozed: false, snoozeRemaining: nil, isGreeting: true))
        case .snoozed(let until):
            return .alarm(AlarmScreen(hour: f.hour, minute: f.minute, isSnoozed: true,
                                      snoozeRemaining: max(0, until - now.uptime), isGreeting: false))
        case .crossfading(_, _, let since, _, .modeChange), .fadingOut(_, let since, _, .stoppedByHand):
            return .transition(litDot: Int(max(0, now.uptime - since) / Box.dotPulseSeconds) % 3)
        case .idle:
            if let session = state.session { return sessionScreen(session, at: now) }
            let timer = timerRemaining(at: now)
            // Beside a timer's countdown the alarm is its time alone: both fit the bottom line.
            var idle = IdleScreen(greeting: config.words.table.idleGreeting(hour: f.hour, wokenToday: rangToday(at: now, fields: f), in: config.language), hour: f.hour, minute: f.minute,
                                  nextAlarm: nextAlarmLabel(after: now.wall, short: timer != nil), timerRemaining: timer,
                                  clockUnset: !state.clockTrusted)
            idle.twentyFourHour = config.display.twentyFourHour
            idle.stateNotSaved = stateNotSaved
            // A program that found no content folder says so where the owner looks first.
            if catalog.items.isEmpty { idle.greeting = config.words(.noContent) }
            idle.lightOn = !state.light.plan.level(at: now).isOff
            idle.missedAlarm = missedAlarmNotice()
            // A missed alarm and a box without content are told in words, even at night.
            if idle.missedAlarm == nil, !catalog.items.isEmpty { idle.face = idleFace(at: now) }
            if idle.face == .night, case .timeLeft? = state.overlay { idle.timeLeft = timeLeftText(at: now) }
            return .idle(idle)
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
            // The screen shows whole seconds: the timer's countdown is read at the moment the
            // shown second of the item began, so both move on together, once a second.
            let intoSecond = position.isFinite && position > 0 ? position - position.rounded(.down) : 0
            var playing = NowPlayingScreen(
                mode: state.mode == .off ? state.lastMode : state.mode, title: item.title, elapsed: position,
                duration: item.duration, isPaused: paused,
                timerRemaining: timerRemaining(at: paused ? now : now.advanced(by: -intoSecond)),
                stopsAtEnd: state.timer?.choice == .endOfContent, kind: item.kind,
                caption: captions(of: item.id).map { $0.line(at: position)?.text ?? "" },
                needsHeadphones: item.needsHeadphones)
            if let mark = state.seekMark, mark.until > now.uptime { playing.seekMark = mark.text }
            playing.phase = GuidedPhase.at(position, in: item.phases).map(phaseName)
            if state.mode != .off { playing.modeName = config.words.table.modeName(state.mode, in: config.language) }
            return .nowPlaying(playing)
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

    /// How often a long menu label moves on while it scrolls.
    public static let marqueeFrameSeconds = 0.125
    /// A label of at most this many characters always fits its row (eight of the widest glyphs
    /// beside the widest detail), so it never scrolls and the box need not wake for it.
    public static let marqueeMinimumCharacters = 8

    /// Seconds the menu's selected row has been selected, in whole marquee frames. Every turn,
    /// press or hold in the menu sets the menu's closing time afresh, so the row was selected
    /// `closeAfterSeconds` before `until`.
    func marqueeSeconds(menuUntil until: Double, at now: Moment) -> Double {
        let since = until - config.menu.closeAfterSeconds
        let frames = max(0, ((now.uptime - since) / Box.marqueeFrameSeconds + 1e-9).rounded(.down))
        return frames * Box.marqueeFrameSeconds
    }

    /// The next marquee frame while the menu's selected label may be too long for its row.
    private func marqueeBoundary(after now: Moment) -> Double? {
        guard case .pages(_, let until)? = state.overlay, case .menu(let menu)? = pageScreen(at: now),
              menu.rows.indices.contains(menu.selected),
              menu.rows[menu.selected].label.count > Box.marqueeMinimumCharacters else { return nil }
        let since = until - config.menu.closeAfterSeconds
        let n = max(0, ((now.uptime - since) / Box.marqueeFrameSeconds + 1e-9).rounded(.down)) + 1
        return since + n * Box.marqueeFrameSeconds
    }

    /// How often the transition dots move on.
    public static let dotPulseSeconds = 0.5
    /// How long after a caption's change the display wakes (against rounding in the position).
    public static let captionWakeMargin = 1e-6
    /// How long the alarm without sound is shown, and then hidden, as it blinks.
    public static let alarmBlinkSeconds = 0.5
    /// How often the breathing animation is redrawn.
    public static let breathFrameSeconds = 0.125

    /// The breathing LED: on while breathing in and holding the breath in, off otherwise (and
    /// whenever no breathing exercise or meditation timer's guide runs, or it is paused or fading
    /// out).
    public func breathLight(at now: Moment) -> Bool {
        if let (guide, position) = sessionBreath(at: now) {
            guard let breath = guide.phase(at: position) else { return false }
            return breath.step == .inhale || (breath.step == .hold && guide.fullness(breath) >= 1)
        }
        guard state.phase.isRunning, let (item, position) = currentItem(at: now), let guide = item.breathing,
              let breath = guide.phase(at: position) else { return false }
        return breath.step == .inhale || (breath.step == .hold && guide.fullness(breath) >= 1)
    }

    /// The uptime at which the display will next look different without any event: the next dot
    /// pulse, the next second of a countdown or position, or the next minute of the clock.
    public func nextDisplayChange(after now: Moment) -> Double {
        // Strictly later than now, even where floating point puts a computed boundary on `now`.
        let seekMarkEnds = state.seekMark.map(\.until).flatMap { $0 > now.uptime ? $0 : nil } ?? .infinity
        return max(min(displayBoundary(after: now), marqueeBoundary(after: now) ?? .infinity, seekMarkEnds,
                       pageNoticeEnd(after: now) ?? .infinity), now.uptime + 0.001)
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
            guard state.overlay == nil, let (item, position) = currentItem(at: now) else { return nextSecond }
            // The screen shows whole seconds of the item (and the timer moves on with them).
            let nextShown = now.uptime + Box.untilNextWholeSecond(position)
            // A caption changes with the voice, between the seconds of the position; a microsecond
            // late, so that the position worked out at the wake-up is past the change for certain.
            if let change = captions(of: item.id)?.nextChange(after: position) {
                return min(nextShown, now.uptime + (change - position) + Box.captionWakeMargin)
            }
            return nextShown
        case .fadingOut:
            guard state.overlay == nil, let (_, position) = currentItem(at: now) else { return nextSecond }
            return now.uptime + Box.untilNextWholeSecond(position)
        case .snoozed(let until):
            return now.uptime + Box.untilCountdownTicks(until - now.uptime)
        case .ringing where state.light.ringWithoutSound:
            return ((now.uptime / Box.alarmBlinkSeconds).rounded(.down) + 1) * Box.alarmBlinkSeconds
        default:
            if state.overlay == nil, let (guide, position) = sessionBreath(at: now) {
                if guide.phase(at: position) != nil { return now.uptime + Box.breathFrameSeconds }
                if position < guide.startsAt { return min(nextSecond, now.uptime + (guide.startsAt - position)) }
            }
            // Countdowns shown in whole seconds, rounded up: each moves on when its own second ends.
            var countdowns: [Double] = []
            if let left = timerRemaining(at: now), left > 0 { countdowns.append(left) }
            if let session = state.session { countdowns.append(session.remaining(at: now.uptime)) }
            if state.overlay == nil, let soonest = countdowns.map(Box.untilCountdownTicks).min() {
                return now.uptime + soonest
            }
            if state.timer?.deadline != nil || state.session != nil { return nextSecond }
            let nextMinute = (now.wall / 60).rounded(.down) * 60 + 60
            return now.uptime(atWall: nextMinute)
        }
    }

    /// Seconds until `position` reaches its next whole second (a microsecond past it, so that the
    /// position worked out at the wake-up shows the new second for certain).
    static func untilNextWholeSecond(_ position: Double) -> Double {
        guard position.isFinite, position >= 0 else { return 1 }
        return position.rounded(.down) + 1 - position + Box.captionWakeMargin
    }

    /// Seconds until a countdown of `remaining` seconds, shown rounded up, shows one less.
    static func untilCountdownTicks(_ remaining: Double) -> Double {
        guard remaining.isFinite, remaining > 0 else { return 1 }
        let step = remaining - (remaining.rounded(.up) - 1)
        return (step > 0 ? step : 1) + Box.captionWakeMargin
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

    /// The wall time an alarm rings next (nil when there is none, or all are off).
    public func nextAlarm(after wall: Double) -> Double? {
        nextAlarmSlot(after: wall)?.instant
    }

    /// The alarm that rings next and when: the earliest of all slots.
    public func nextAlarmSlot(after wall: Double) -> (instant: Double, slot: Int)? {
        var best: (instant: Double, slot: Int)? = nil
        for (slot, alarm) in state.alarms.enumerated() {
            guard let alarm, let t = AlarmSchedule(settings: alarm, clock: clock).nextRing(after: wall) else { continue }
            if best == nil || t < best!.instant { best = (t, slot) }
        }
        return best
    }

    /// For the idle screen: "06:45 · in 7 h 40 min" within a day (counted from the minute the
    /// clock shows), "Tue 06:45" further away; `short`: "06:45" within a day.
    func nextAlarmLabel(after wall: Double, short: Bool = false) -> String? {
        guard let t = nextAlarm(after: wall) else { return nil }
        let f = clock.fields(t)
        let words = config.words
        let time = clockText(hour: f.hour, minute: f.minute)
        let minutes = Int(((t - (wall / 60).rounded(.down) * 60) / 60).rounded(.down))
        if minutes >= 24 * 60 {
            return words(.nextAlarmOnDay, ["weekday": words.table.weekday(f.weekday, in: config.language, short: true), "time": time])
        }
        if short { return time }
        if minutes < 60 { return words(.nextAlarmInMinutes, ["time": time, "minutes": String(minutes)]) }
        if minutes % 60 == 0 { return words(.nextAlarmInHours, ["time": time, "hours": String(minutes / 60)]) }
        return words(.nextAlarmIn, ["time": time, "hours": String(minutes / 60), "minutes": String(minutes % 60)])
    }

    /// A time of day as the owner wants it: "06:45", or "6:45 AM" with the 12-hour clock.
    public func clockText(hour: Int, minute: Int) -> String {
        guard !config.display.twentyFourHour else { return twoDigits(hour) + ":" + twoDigits(minute) }
        let h = hour % 12 == 0 ? 12 : hour % 12
        return "\(h):" + twoDigits(minute) + " " + config.words(hour < 12 ? .am : .pm)
    }
}
