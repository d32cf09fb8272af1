/// The alarm: it rings at its instant (or late, up to the catch-up limit), ramps, speaks the
/// greeting when last night's content finished, snoozes and is dismissed.
extension Box {
    /// Rings for an alarm instant that came between the last check and `now` (once per instant;
    /// skipped for "skip next", recorded as missed when later than the catch-up limit).
    mutating func checkAlarm(at now: Moment, into out: inout [Command]) {
        let previous = state.alarmLog.checkedUntil ?? now.wall
        state.alarmLog.checkedUntil = now.wall
        guard var alarm = state.alarm else { return }
        let schedule = AlarmSchedule(settings: alarm, clock: clock)
        guard let due = schedule.due(previous: previous, now: now.wall),
              due > (state.alarmLog.lastHandled ?? -Double.infinity) else { return }
        state.alarmLog.lastHandled = due
        guard alarm.isEnabled else { return }
        if alarm.skipNext {
            alarm.skipNext = false
            state.alarm = alarm
            state.alarmLog.lastSkipped = due
        } else if now.wall - due > config.alarmBehaviour.catchUpMinutes * 60 {
            state.alarmLog.lastMissed = due
        } else {
            switch state.phase {
            case .ringing, .greeting: return
            default:
                state.alarmLog.lastRang = due
                beginRing(at: now, since: now.uptime, into: &out)
            }
        }
    }

    /// The owner set, changed or removed the alarm. "Skip next" belongs to the ring it was set
    /// for: an edit that moves the alarm (its time or its days) or switches it off or on drops a
    /// skip it carried over, so a new alarm never silently skips its first morning. An edit that
    /// sets the skip itself keeps it.
    mutating func editAlarm(_ edited: AlarmSettings?) {
        guard var alarm = edited else {
            state.alarm = nil
            return
        }
        if alarm.skipNext, let old = state.alarm, old.skipNext,
           old.hour != alarm.hour || old.minute != alarm.minute || old.weekdays != alarm.weekdays
            || old.isEnabled != alarm.isEnabled {
            alarm.skipNext = false
        }
        state.alarm = alarm
    }

    mutating func beginRing(at now: Moment, since: Double, into out: inout [Command]) {
        stopNow(at: now, into: &out)
        stopBed(into: &out)
        state.mode = .off
        state.timer = nil
        // The alarm wins over a meditation timer or a nap (its bed went with stopBed).
        state.session = nil
        state.overlay = nil
        state.phase = .ringing(AlarmRing(since: since, greetingPending: state.contentCompleted))
        let a = config.alarmBehaviour
        out.append(.startAlarm(from: a.startVolume, to: a.alarmVolume, over: a.rampSeconds))
    }

    mutating func snooze(at now: Moment, into out: inout [Command]) {
        state.phase = .snoozed(until: now.uptime + config.alarmBehaviour.snoozeMinutes * 60)
        out.append(.stopAlarm)
    }

    mutating func dismissAlarm(at now: Moment, into out: inout [Command]) {
        if case .snoozed = state.phase {} else { out.append(.stopAlarm) }
        state.phase = .idle
        state.contentCompleted = false
    }

    mutating func speakGreeting(_ ring: AlarmRing, at now: Moment, into out: inout [Command]) {
        var r = ring
        r.greetingPending = false
        state.phase = .greeting(r)
        state.contentCompleted = false
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
