/// The alarm: it rings at its instant (or late, up to the catch-up limit), ramps, speaks the
/// greeting when last night's content finished, snoozes and is dismissed.
extension Box {
    /// Rings for an alarm instant that came between the last check and `now` (once per instant;
    /// skipped for "skip next", recorded as missed when later than the catch-up limit). With
    /// several alarms due in one check (the box was down), each is handled in time order and the
    /// latest that may ring rings.
    mutating func checkAlarm(at now: Moment, into out: inout [Command]) {
        let previous = state.alarmLog.checkedUntil ?? now.wall
        state.alarmLog.checkedUntil = now.wall
        let handled = state.alarmLog.lastHandled ?? -Double.infinity
        var dues: [(instant: Double, slot: Int)] = []
        for (slot, alarm) in state.alarms.enumerated() {
            guard let alarm, let due = AlarmSchedule(settings: alarm, clock: clock).due(previous: previous, now: now.wall),
                  due > handled else { continue }
            dues.append((due, slot))
        }
        var ring: (instant: Double, slot: Int)? = nil
        for (due, slot) in dues.sorted(by: { ($0.instant, $0.slot) < ($1.instant, $1.slot) }) {
            guard var alarm = state.alarms[slot] else { continue }
            state.alarmLog.lastHandled = max(state.alarmLog.lastHandled ?? due, due)
            guard alarm.isEnabled else { continue }
            if alarm.skipNext {
                alarm.skipNext = false
                state.alarms[slot] = alarm
                state.alarmLog.lastSkipped = due
            } else if now.wall - due > config.alarmBehaviour.catchUpMinutes * 60 {
                state.alarmLog.lastMissed = due
            } else if ring?.instant != due {
                ring = (due, slot)
            }
        }
        guard let ring else { return }
        switch state.phase {
        case .ringing, .greeting: return
        default:
            state.alarmLog.lastRang = ring.instant
            state.ringingAlarm = ring.slot
            beginRing(at: now, since: now.uptime, into: &out)
            recordNight(.alarmRang, at: now, planned: ring.instant, into: &out)
            ringBeganForLight(at: now, into: &out)
        }
    }

    /// The owner set, changed or removed the alarm. "Skip next" belongs to the ring it was set
    /// for: an edit that moves the alarm (its time or its days) or switches it off or on drops a
    /// skip it carried over, so a new alarm never silently skips its first morning. An edit that
    /// sets the skip itself keeps it.
    mutating func editAlarm(_ edited: AlarmSettings?, slot: Int = 0) {
        guard state.alarms.indices.contains(slot) else { return }
        guard var alarm = edited else {
            state.alarms[slot] = nil
            return
        }
        if alarm.skipNext, let old = state.alarms[slot], old.skipNext,
           old.hour != alarm.hour || old.minute != alarm.minute || old.weekdays != alarm.weekdays
            || old.isEnabled != alarm.isEnabled {
            alarm.skipNext = false
        }
        state.alarms[slot] = alarm
    }

    mutating func beginRing(at now: Moment, since: Double, into out: inout [Command]) {
        // The alarm wins over what plays, a meditation timer or a nap.
        takeAlone(at: now, into: &out)
        state.phase = .ringing(AlarmRing(since: since, greetingPending: state.contentCompleted))
        let a = config.alarmBehaviour
        let alarm = state.alarms.indices.contains(state.ringingAlarm) ? state.alarms[state.ringingAlarm] : nil
        let volume = alarm?.volume.map { Double($0) / 100 } ?? a.alarmVolume
        out.append(.startAlarm(sound: alarm?.sound.flatMap { $0 == "chime" ? nil : $0 }, from: min(a.startVolume, volume), to: volume, over: alarm?.rampSeconds ?? a.rampSeconds))
    }

    /// The snooze length of the alarm that rang, in minutes.
    var snoozeMinutes: Double {
        let alarm = state.alarms.indices.contains(state.ringingAlarm) ? state.alarms[state.ringingAlarm] : nil
        return alarm?.snoozeMinutes ?? config.alarmBehaviour.snoozeMinutes
    }

    mutating func snooze(at now: Moment, into out: inout [Command]) {
        state.phase = .snoozed(until: now.uptime + snoozeMinutes * 60)
        out.append(.stopAlarm)
        recordNight(.snoozed, at: now, into: &out)
    }

    mutating func dismissAlarm(at now: Moment, into out: inout [Command]) {
        if case .snoozed = state.phase {} else { out.append(.stopAlarm) }
        alarmEndedForLight(at: now)
        state.phase = .idle
        state.contentCompleted = false
        recordNight(.dismissed, at: now, into: &out)
    }

    mutating func speakGreeting(_ ring: AlarmRing, at now: Moment, into out: inout [Command]) {
        var r = ring
        r.greetingPending = false
        state.phase = .greeting(r)
        state.contentCompleted = false
        recordNight(.greetingSpoken, at: now, into: &out)
        let f = clock.fields(now.wall)
        out.append(.duckAlarm(to: config.alarmBehaviour.duckVolume, over: 1))
        out.append(.speak(WakeGreeting().text(hour: f.hour, minute: f.minute, weekday: f.weekday, lastTitle: state.lastTitle,
                                              in: config.language)))
    }

    mutating func speechFinished(at now: Moment, into out: inout [Command]) {
        guard case .greeting(let r) = state.phase else { return }
        state.phase = .ringing(r)
        state.contentCompleted = false
        out.append(.duckAlarm(to: 1, over: 1))
    }
}

/// Night: the display dims, and the volume stays under the night limit.
extension Box {
    /// True when `wall` lies in the night (`[display] dim_from` to `dim_until`, local hours).
    func isNight(_ wall: Double) -> Bool {
        let hour = clock.fields(wall).hour
        let d = config.display
        return d.dimFromHour <= d.dimUntilHour
            ? (hour >= d.dimFromHour && hour < d.dimUntilHour)
            : (hour >= d.dimFromHour || hour < d.dimUntilHour)
    }

    /// At night the volume goes no higher than the night limit: a louder volume comes down to it.
    mutating func capVolumeAtNight(at now: Moment, into out: inout [Command]) {
        let limit = config.audio.nightVolumeLimit
        guard state.volume > limit, isNight(now.wall) else { return }
        state.volume = limit
        out.append(.setVolume(percent: limit))
    }

    /// The next wall time night begins, when the volume is above the night limit (the box wakes
    /// then to lower it); nil otherwise.
    var nightCapDeadline: Double? {
        guard state.volume > config.audio.nightVolumeLimit, let checked = state.alarmLog.checkedUntil else { return nil }
        return nextNightStart(after: checked)
    }

    /// A setting changed (`value` nil: back to the configuration's). An unknown key or value
    /// changes nothing.
    mutating func changeSetting(_ key: String, to value: String?, at now: Moment, into out: inout [Command]) {
        guard let setting = OwnerSetting.named(key) else { return }
        if let value {
            guard let v = setting.parse(value) else { return }
            state.settings[key] = v
        } else {
            state.settings[key] = nil
        }
        applySettings()
    }
}
