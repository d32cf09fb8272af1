/// Restore: the state saved before a crash or a power cut, taken back in at start-up.
extension Box {
    /// Takes the saved state in at start-up (see `start(at:restoring:)`).
    mutating func restore(_ s: Snapshot, at now: Moment, into out: inout [Command]) {
        state.mode = s.mode
        state.lastMode = s.lastMode
        state.timerPreference = s.timerPreference
        state.contentCompleted = s.contentCompleted
        state.lastTitle = s.lastTitle
        state.progress = s.progress
        restoreMeasuredLengths(s.measuredLengths ?? [:])
        state.favorites = s.favorites ?? []
        state.rng = s.rng
        for (name, bag) in s.shuffle { if let mode = Mode(rawValue: name) { state.shuffle[mode] = bag } }
        state.settings = s.settings ?? OwnerSettings()
        // Before anything looks an item up: a mix of the owner's may be what resumes.
        state.ownerMixes = s.mixes ?? []
        applySettings()
        // A value edited in the config file since the save wins; otherwise the box's own wins.
        state.volume = s.configuredVolume == fileConfig.audio.volume ? s.volume : fileConfig.audio.volume
        let saved = s.alarms ?? [s.alarm]
        let configured = s.configuredAlarms ?? [s.configuredAlarm]
        for slot in state.alarms.indices {
            let savedAlarm = saved.indices.contains(slot) ? saved[slot] : nil
            let configuredAlarm = configured.indices.contains(slot) ? configured[slot] : nil
            state.alarms[slot] = configuredAlarm == fileConfig.alarms[slot] ? savedAlarm : fileConfig.alarms[slot]
        }
        state.ringingAlarm = s.ringingAlarm ?? 0
        if let companion = s.companion {
            state.companion.known = true
            state.companion.enabled = companion.enabled
            state.companion.epoch = companion.epoch
        }
        state.alarmLog = s.alarmLog

        var timerRanOut = false
        if let t = s.timer {
            if let deadline = t.deadline {
                if deadline > now.wall {
                    state.timer = SleepTimer(choice: t.choice, deadline: now.uptime(atWall: deadline), length: t.length)
                } else {
                    timerRanOut = true
                }
            } else {
                state.timer = SleepTimer(choice: t.choice, deadline: nil, length: nil)
            }
        }
        if let saved = s.item, saved.playing, !timerRanOut, let item = catalog.item(saved.id), item.isAvailable {
            // The save is the last moment the box knew the sound had got to; what came after it
            // is unknown (a crash restarts at once, a power cut can last hours, and the wall clock
            // may have moved meanwhile). Resume a little before the save, never after it. A save
            // made after an earlier restore, before the sound got back to where that one was
            // heard, carries the mark: the rewind counts from there once, however many crashes
            // come in a row.
            let heard = max(saved.position, saved.heard ?? 0)
            let position = min(max(0, heard - config.playback.resumeRewindSeconds), item.duration)
            if heard > position { state.heard = HeardMark(item: item.id, position: heard) }
            state.phase = .playing(Playback(item: item.id, position: position, anchor: now.uptime))
            out.append(.play(item.id, from: position))
        }
        state.meditationChoice = s.meditationChoice
        state.reminder = s.reminder
        if let log = s.reminderLog { state.reminderLog = log }
        if let session = s.session { restoreSession(session, at: now, into: &out) }
        let autoStop = config.alarmBehaviour.autoStopMinutes * 60
        if let since = s.ringingSince, now.wall - since < autoStop, now.wall >= since {
            beginRing(at: now, since: now.uptime - (now.wall - since), into: &out)
        } else if let until = s.snoozedUntil {
            if until > now.wall {
                state.phase = .snoozed(until: now.uptime(atWall: until))
            } else if now.wall - until < autoStop {
                beginRing(at: now, since: now.uptime, into: &out)
            }
        }
    }

    /// A meditation timer or a nap that was running. Either goes on to its end when that is still
    /// to come (the meditation's bed starts again; bells and tones already past are not played).
    /// A meditation that ended while the box was down ends quietly: a lone closing bell long
    /// after would only startle. A nap that ended while the box was down rings now when that was
    /// at most `catch_up_minutes` ago (the napper must still be woken), else not at all.
    mutating func restoreSession(_ saved: Snapshot.SessionSnapshot, at now: Moment, into out: inout [Command]) {
        let elapsed = now.wall - saved.startedAt
        guard elapsed >= 0 else { return }
        if elapsed < saved.length {
            var session = TimerSession(kind: saved.kind, started: now.uptime - elapsed, length: saved.length,
                                       sound: saved.kind == .meditation ? saved.sound : nil,
                                       guide: saved.kind == .meditation && saved.guide ? meditationGuide(length: saved.length) : nil,
                                       breathingCues: config.meditation.breathingCues, bellEvery: saved.bellEvery)
            session.skipCues(before: now.uptime)
            state.session = session
            if let sound = session.sound {
                state.bedPlaying = true
                out.append(.startBed(sound, level: config.meditation.soundLevel))
            }
        } else if saved.kind == .nap, elapsed - saved.length <= config.alarmBehaviour.catchUpMinutes * 60 {
            ringForNap(at: now, into: &out)
        }
    }
}
