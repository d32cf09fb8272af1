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
        state.favorites = s.favorites ?? []
        state.rng = s.rng
        for (name, bag) in s.shuffle { if let mode = Mode(rawValue: name) { state.shuffle[mode] = bag } }
        state.settings = s.settings ?? [:]
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
            // Saves come every 15 s while playing. A restart within that interval (a crash and
            // systemd's immediate restart) means the item went on playing until moments ago:
            // resume where it had got to. After a longer outage nobody knows when it stopped, and
            // repeating a few seconds beats skipping them: resume at the saved position.
            let down = now.wall - s.savedAt
            let caughtUp = down >= 0 && down <= config.playback.persistIntervalSeconds ? down : 0
            let position = min(max(0, saved.position + caughtUp), item.duration)
            state.phase = .playing(Playback(item: item.id, position: position, anchor: now.uptime))
            out.append(.play(item.id, from: position))
        }
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
}
