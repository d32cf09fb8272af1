extension Box {
    /// The state to save at `now` (see `Snapshot`).
    public func snapshot(at now: Moment) -> Snapshot {
        var item: Snapshot.ItemSnapshot? = nil
        switch state.phase {
        case .playing, .crossfading, .paused:
            if let (current, position) = currentItem(at: now) {
                item = Snapshot.ItemSnapshot(id: current.id, position: position, playing: !state.phase.isPaused)
                if let mark = state.heard, mark.item == current.id, mark.position > position { item?.heard = mark.position }
            }
        default:
            // Fading out (by hand or by the timer) is stopping: never come back up loud.
            break
        }
        var ringingSince: Double? = nil
        var snoozedUntil: Double? = nil
        switch state.phase {
        case .ringing(let r), .greeting(let r): ringingSince = now.wall(atUptime: r.since)
        case .snoozed(let until): snoozedUntil = now.wall(atUptime: until)
        default: break
        }
        var progress = state.progress
        if let item, let entry = currentItem(at: now) {
            progress[item.id] = ProgressEntry(position: item.position, duration: entry.0.duration, updated: now.wall)
        }
        var snapshot = Snapshot(
            savedAt: now.wall, mode: state.mode, lastMode: state.lastMode, item: item,
            timer: state.timer.map { t in
                Snapshot.TimerSnapshot(choice: t.choice, deadline: t.deadline.map { now.wall(atUptime: $0) }, length: t.length)
            },
            timerPreference: state.timerPreference, alarm: state.alarm, configuredAlarm: fileConfig.alarm,
            alarmLog: state.alarmLog, ringingSince: ringingSince, snoozedUntil: snoozedUntil,
            volume: state.volume, configuredVolume: fileConfig.audio.volume, contentCompleted: state.contentCompleted,
            lastTitle: state.lastTitle, progress: progress, favorites: state.favorites,
            shuffle: Dictionary(uniqueKeysWithValues: state.shuffle.map { ($0.key.rawValue, $0.value) }),
            rng: state.rng, measuredLengths: state.measuredLengths.isEmpty ? nil : state.measuredLengths,
            session: state.session.map { t in
                Snapshot.SessionSnapshot(kind: t.kind, startedAt: now.wall(atUptime: t.started), length: t.length,
                                         sound: t.sound, guide: t.guide != nil, bellEvery: t.bellEvery)
            },
            meditationChoice: state.meditationChoice, reminder: state.reminder, reminderLog: state.reminderLog.saved)
        snapshot.alarms = state.alarms
        snapshot.configuredAlarms = fileConfig.alarms
        snapshot.ringingAlarm = state.ringingAlarm
        snapshot.settings = state.settings
        snapshot.mixes = state.ownerMixes.isEmpty ? nil : state.ownerMixes
        snapshot.openSession = state.openSession.map { open in
            var saved = open
            saved.heard = (open.heard(at: now.uptime) * 1000).rounded() / 1000
            saved.runningSince = nil
            return saved
        }
        let companion = state.companion
        snapshot.companion = companion.known ? Snapshot.CompanionSnapshot(enabled: companion.enabled, epoch: companion.epoch) : nil
        return snapshot
    }
}
