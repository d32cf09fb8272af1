/// The light: a dawn before each alarm that has one, full at the ring and through the snooze,
/// held and faded after the dismissal; full when an alarm rings without sound; the night light
/// (hold the timer button on the idle screen; the knob sets its level while its note shows),
/// faded out with the sleep timer and capped in the display's night hours; the breathing guide's
/// light. The core works out one `LightPlan` from its state and the wall clock and commands it
/// (`Command.light`) whenever it changes; the runner's driver carries it out.
extension Box {
    /// How long the night light's note shows (and the knob sets its level).
    static let nightLightNoteSeconds = 3.0
    /// L* one knob detent moves the night light.
    static let nightLightStep = 2.0

    /// What the light should do from `now` on.
    public func lightPlan(at now: Moment) -> LightPlan {
        let light = config.light
        let full = LightLevel(lightness: light.alarmLightness, kelvin: light.dawnEndKelvin)
        if state.phase.isAlarmActive {
            if state.light.ringWithoutSound { return .steady(LightLevel(lightness: 100, kelvin: light.dawnEndKelvin)) }
            if let alarm = ringingAlarmSettings, alarm.dawn ?? light.dawn { return .steady(full) }
        }
        if let since = state.light.dismissedAt, let level = state.light.dismissedLevel,
           now.wall < since + light.holdSeconds + light.fadeSeconds {
            return .ramp(from: level, to: LightLevel(lightness: 0, kelvin: level.kelvin),
                         start: since + light.holdSeconds, end: since + light.holdSeconds + light.fadeSeconds)
        }
        if !state.phase.isAlarmActive, let dawn = dawn(at: now.wall) {
            let start = LightLevel(lightness: 0, kelvin: light.dawnStartKelvin)
            return .ramp(from: start, to: full, start: dawn.start, end: dawn.end)
        }
        if let start = state.light.sunriseStart, let end = state.light.sunriseEnd {
            // A dawn asked for now: it rises, then stays full.
            guard now.wall < end else { return .steady(full) }
            return .ramp(from: LightLevel(lightness: 0, kelvin: light.dawnStartKelvin), to: full, start: start, end: end)
        }
        let night = isNight(now.wall)
        if let breath = breathingPlan(at: now, night: night) { return breath }
        if var lamp = state.light.lamp {
            if night { lamp.lightness = min(lamp.lightness, light.nightMax) }
            // A sunset: the night light fades out with the sleep timer's fade.
            if case .fadingOut(_, let since, let until, .sleepTimer) = state.phase {
                return .ramp(from: lamp, to: LightLevel(lightness: 0, kelvin: lamp.kelvin),
                             start: now.wall(atUptime: since), end: now.wall(atUptime: until))
            }
            return .steady(lamp)
        }
        return .off
    }

    /// The settings of the alarm ringing (or snoozed).
    var ringingAlarmSettings: AlarmSettings? {
        state.alarms.indices.contains(state.ringingAlarm) ? state.alarms[state.ringingAlarm] : nil
    }

    /// The dawn running at `wall`: the next ring of an enabled alarm that is not to be skipped,
    /// with a dawn, when `wall` lies within the dawn's minutes before it.
    func dawn(at wall: Double) -> (start: Double, end: Double)? {
        var best: (start: Double, end: Double)?
        for case let alarm? in state.alarms where alarm.isEnabled && !alarm.skipNext && (alarm.dawn ?? config.light.dawn) {
            // The ring the alarm's check has not handled yet (the instant itself still counts).
            let after = max(wall, state.alarmLog.lastHandled ?? -Double.infinity) - 1e-6
            guard let ring = AlarmSchedule(settings: alarm, clock: clock).instant(after: after) else { continue }
            let start = ring - dawnSeconds(alarm)
            guard start <= wall, wall < ring else { continue }
            if best.map({ start < $0.start }) ?? true { best = (start, ring) }
        }
        return best
    }

    /// The length of an alarm's dawn, in seconds.
    public func dawnSeconds(_ alarm: AlarmSettings) -> Double {
        let range = LightSettings.dawnMinuteRange
        return Double(min(range.upperBound, max(range.lowerBound, alarm.dawnMinutes ?? config.light.dawnMinutes))) * 60
    }

    /// The next wall time a dawn begins, or the night light's cap begins with the night (the
    /// box wakes then to command the light); nil when none is ahead.
    var lightDeadline: Double? {
        guard config.light.isPresent, let checked = state.alarmLog.checkedUntil else { return nil }
        var soonest: Double?
        for case let alarm? in state.alarms where alarm.isEnabled && !alarm.skipNext && (alarm.dawn ?? config.light.dawn) {
            let schedule = AlarmSchedule(settings: alarm, clock: clock)
            var cursor = checked
            // The ring after this one may have its dawn first when this one's has begun.
            for _ in 0..<2 {
                guard let ring = schedule.instant(after: cursor) else { break }
                let start = ring - dawnSeconds(alarm)
                if start > checked { soonest = min(soonest ?? start, start); break }
                cursor = ring
            }
        }
        if let lamp = state.light.lamp, lamp.lightness > config.light.nightMax,
           let night = nextNightStart(after: checked) {
            soonest = min(soonest ?? night, night)
        }
        if let since = state.light.dismissedAt {
            let end = since + config.light.holdSeconds + config.light.fadeSeconds
            if end > checked { soonest = min(soonest ?? end, end) }
        }
        return soonest
    }

    /// The next wall time the display's night begins after `wall`.
    func nextNightStart(after wall: Double) -> Double? {
        for offset in 0...1 {
            guard let day = clock.day(of: wall, offset: offset),
                  let t = clock.wall(year: day.year, month: day.month, day: day.day, hour: config.display.dimFromHour, minute: 0),
                  t > wall else { continue }
            return t
        }
        return nil
    }

    /// The breathing guide's light while a guide runs (a breathing exercise playing, or the
    /// meditation timer's guide).
    func breathingPlan(at now: Moment, night: Bool) -> LightPlan? {
        let light = config.light
        let guideAndPosition: (BreathingGuide, Double)?
        if let breath = sessionBreath(at: now) {
            guideAndPosition = breath
        } else if state.phase.isRunning, let (item, position) = currentItem(at: now), let guide = item.breathing {
            guideAndPosition = (guide, position)
        } else {
            guideAndPosition = nil
        }
        guard let (guide, position) = guideAndPosition, position < guide.endsAt else { return nil }
        let high = night ? min(light.breathingHigh, light.nightMax) : light.breathingHigh
        // The origin in whole milliseconds, so the same guide gives the same plan at each event.
        let origin = ((now.uptime - position) * 1000).rounded() / 1000
        return .breathing(guide, origin: origin, low: LightLevel(lightness: light.breathingLow, kelvin: light.breathingKelvin),
                          high: LightLevel(lightness: high, kelvin: light.breathingKelvin))
    }

    /// Commands the light when its plan changed.
    mutating func commandLight(at now: Moment, into out: inout [Command]) {
        guard config.light.isPresent else { return }
        if let since = state.light.dismissedAt, now.wall >= since + config.light.holdSeconds + config.light.fadeSeconds {
            state.light.dismissedAt = nil
            state.light.dismissedLevel = nil
        }
        var plan = lightPlan(at: now)
        // A breathing plan whose origin moved by rounding alone is the same plan.
        if case .breathing(let g, let o, let l, let h) = plan, case .breathing(let g0, let o0, let l0, let h0) = state.light.plan,
           g == g0, l == l0, h == h0, abs(o - o0) < 0.01 {
            plan = state.light.plan
        }
        guard plan != state.light.plan else { return }
        state.light.plan = plan
        out.append(.light(plan))
    }

    // MARK: - The alarm's light

    /// The ring began: without sound (the device lost) the light goes to full.
    mutating func ringBeganForLight(at now: Moment, into out: inout [Command]) {
        state.light.dismissedAt = nil
        state.light.dismissedLevel = nil
        if !state.audioAvailable { ringLostSound(at: now, into: &out) }
    }

    /// The sound device was lost (or its writes fail) while the alarm rings: full light, a
    /// blinking alarm screen, and the history says so (once a ring).
    mutating func ringLostSound(at now: Moment, into out: inout [Command]) {
        guard case .ringing = state.phase, !state.light.ringWithoutSound else { return }
        state.light.ringWithoutSound = true
        recordNight(.rangWithoutSound, at: now, into: &out)
    }

    /// The alarm was dismissed (or stopped itself): its light holds, then fades.
    mutating func alarmEndedForLight(at now: Moment) {
        let plan = state.light.plan
        endSunrise()
        let level = plan.level(at: now)
        state.light.ringWithoutSound = false
        guard !level.isOff else { return }
        state.light.dismissedAt = now.wall
        state.light.dismissedLevel = level
    }

    // MARK: - The night light

    /// Held timer button on the idle screen: the night light on (at its last level) or off.
    mutating func toggleNightLight(at now: Moment) {
        guard config.light.isPresent else { return }
        if state.light.lamp != nil || state.light.sunriseStart != nil {
            // The night light, or a dawn asked for from outside, goes out.
            endSunrise()
            state.light.lamp = nil
            state.overlay = .message(config.words(.nightLightOff), until: now.uptime + config.display.messageSeconds)
            state.light.noteUntil = nil
        } else {
            var level = LightLevel(lightness: state.light.lastLampLightness ?? config.light.nightLightness, kelvin: config.light.nightKelvin)
            if isNight(now.wall) { level.lightness = min(level.lightness, config.light.nightMax) }
            state.light.lamp = level
            showNightLightNote(at: now)
        }
    }

    /// Turned while the night light's note shows: its level, capped at night.
    mutating func turnNightLight(_ detents: Int, at now: Moment) -> Bool {
        guard let until = state.light.noteUntil, now.uptime < until, var lamp = state.light.lamp else { return false }
        let cap = isNight(now.wall) ? config.light.nightMax : 100
        lamp.lightness = min(cap, max(Box.nightLightStep, lamp.lightness + Double(detents) * Box.nightLightStep))
        state.light.lamp = lamp
        state.light.lastLampLightness = lamp.lightness
        showNightLightNote(at: now)
        return true
    }

    private mutating func showNightLightNote(at now: Moment) {
        let percent = Int((state.light.lamp?.lightness ?? 0).rounded())
        let until = now.uptime + Box.nightLightNoteSeconds
        state.overlay = .message(config.words(.nightLightLevel, ["percent": String(percent)]), until: until)
        state.light.noteUntil = until
    }

    /// The sleep timer's fade ended: the night light went out with it.
    mutating func sunsetEnded() {
        state.light.lamp = nil
    }

    private mutating func endSunrise() {
        state.light.sunriseStart = nil
        state.light.sunriseEnd = nil
    }

    /// `sleepbox ctl light on|off|LEVEL|dawn`.
    mutating func lightRequested(_ request: LightRequest, at now: Moment) {
        endSunrise()
        switch request {
        case .dawn(let minutes):
            let m = minutes ?? config.light.dawnMinutes
            state.light.lamp = nil
            state.light.sunriseStart = now.wall
            state.light.sunriseEnd = now.wall + Double(m) * 60
        case .off:
            state.light.lamp = nil
            state.light.dismissedAt = nil
            state.light.dismissedLevel = nil
        case .on:
            state.light.lamp = LightLevel(lightness: config.light.onLightness, kelvin: config.light.onKelvin)
        case .level(let l, let kelvin):
            state.light.lamp = l <= 0 ? nil : LightLevel(lightness: l, kelvin: kelvin ?? config.light.onKelvin)
        }
    }
}
