/// The sleep box's brain: a pure state machine. Each event, with the moment it happened, turns
/// into a new state and a list of commands for the drivers; nothing here reads a clock, touches
/// a device or draws a random number it was not given.
///
/// The drivers ask `nextDeadline` when to wake the box next and deliver `.timePassed` then.
public struct Box: Sendable {
    public private(set) var state: BoxState
    public private(set) var config: BoxConfig
    public private(set) var catalog: Catalog
    public private(set) var clock: LocalClock

    public init(config: BoxConfig, catalog: Catalog, seed: UInt64) {
        self.config = config
        var catalog = catalog
        catalog.pools = config.pools
        self.catalog = catalog
        self.clock = LocalClock(timeZone: config.timeZone)
        self.state = BoxState(volume: config.audio.volume, alarm: config.alarm, seed: seed)
    }

    // MARK: - Start and restore

    /// Brings the box up at `now`, from a snapshot when there is one: the same item resumes at its
    /// saved position when it was playing and its timer has not run out; otherwise the box comes up
    /// idle. Alarms that fell due while it was down ring if at most `catch_up_minutes` late.
    public mutating func start(at now: Moment, restoring snapshot: Snapshot?) -> [Command] {
        var out: [Command] = []
        if let s = snapshot { restore(s, at: now, into: &out) }
        out.insert(.setVolume(percent: state.volume), at: 0)
        if state.alarmLog.checkedUntil == nil { state.alarmLog.checkedUntil = now.wall }
        checkAlarm(at: now, into: &out)
        // A restored box saves at once: the save time and a caught-up position are new, and a
        // crash soon after must not fall back to the older save.
        if snapshot != nil { out.append(.persist) }
        state.lastPersistUptime = now.uptime
        return out
    }

    private mutating func restore(_ s: Snapshot, at now: Moment, into out: inout [Command]) {
        state.mode = s.mode
        state.lastMode = s.lastMode
        state.timerPreference = s.timerPreference
        state.contentCompleted = s.contentCompleted
        state.lastTitle = s.lastTitle
        state.progress = s.progress
        state.favorites = s.favorites ?? []
        state.rng = s.rng
        for (name, bag) in s.shuffle { if let mode = Mode(rawValue: name) { state.shuffle[mode] = bag } }
        // A value edited in the config file since the save wins; otherwise the box's own wins.
        state.volume = s.configuredVolume == config.audio.volume ? s.volume : config.audio.volume
        state.alarm = s.configuredAlarm == config.alarm ? s.alarm : config.alarm
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

    /// Takes a reloaded configuration (SIGHUP). What plays goes on; an alarm edited in the file
    /// replaces the current one; the volume keeps the knob's setting.
    public mutating func reconfigure(_ newConfig: BoxConfig) {
        if newConfig.alarm != config.alarm { state.alarm = newConfig.alarm }
        config = newConfig
        catalog.pools = newConfig.pools
        clock = LocalClock(timeZone: newConfig.timeZone)
    }

    // MARK: - Events

    /// Handles one event at `now`: first every deadline that has come (each at its own time), then
    /// the alarm rule, then the event itself.
    public mutating func handle(_ event: Event, at now: Moment) -> [Command] {
        var out: [Command] = []
        let before = significant
        runDeadlines(upTo: now, into: &out)
        checkAlarm(at: now, into: &out)
        switch event {
        case .buttonPressed(let b): buttonPressed(b, at: now, into: &out)
        case .buttonReleased(let b): buttonReleased(b, at: now, into: &out)
        case .knobTurned(let d): knobTurned(d, at: now, into: &out)
        case .timePassed, .clockChanged: break
        case .itemFinished(let id): itemFinished(id, at: now, into: &out)
        case .itemFailed(let id, _): itemFailed(id, at: now, into: &out)
        case .positionReported(let id, let seconds): positionReported(id, seconds, at: now)
        case .speechFinished: speechFinished(at: now, into: &out)
        case .alarmEdited(let alarm): state.alarm = alarm
        case .volumeSet(let percent): setVolume(percent, at: now, into: &out)
        case .clockTrustChanged(let trusted): state.clockTrusted = trusted
        case .audioAvailabilityChanged(let available): state.audioAvailable = available
        case .speechPausesFound(let id, let pauses): state.speechPauses = SpeechPauses(item: id, pauses: pauses)
        }
        if significant != before {
            out.append(.persist)
            state.lastPersistUptime = now.uptime
        } else if let due = periodicPersistDue, now.uptime >= due {
            out.append(.persist)
            state.lastPersistUptime = now.uptime
        }
        return out
    }

    // MARK: Buttons

    private mutating func buttonPressed(_ b: Button, at now: Moment, into out: inout [Command]) {
        state.held[b] = Hold(since: now.uptime)
        switch state.phase {
        case .ringing, .greeting:
            // The leaf snoozes on release (a hold dismisses); every other button snoozes at once.
            if b != .leaf {
                state.held[b]?.consumed = true
                snooze(at: now, into: &out)
            }
            return
        case .snoozed:
            if b != .leaf { state.held[b]?.consumed = true }
            return
        default: break
        }
        if case .timerChoice(let selected, _) = state.overlay {
            state.held[b]?.consumed = true
            switch b {
            case .timer: moveTimerChoice(to: (selected + 1) % timerOptions.count, at: now)
            case .knob, .leaf, .skip: commitTimer(selected, at: now, into: &out)
            }
            return
        }
        if case .menu = state.overlay {
            // The knob works the menu (on release or hold); any other button closes it and acts.
            if b == .knob { return }
            state.overlay = nil
        }
        switch b {
        case .leaf:
            state.held[b]?.consumed = true
            leafPressed(at: now, into: &out)
        case .timer:
            state.held[b]?.consumed = true
            timerPressed(at: now, into: &out)
        case .knob:
            // Someone awake in the sleep-timer fade: bring the sound back at once. Otherwise the
            // knob acts on release (pause) or once held (the menu).
            if case .fadingOut(_, _, _, .sleepTimer) = state.phase {
                state.held[b]?.consumed = true
                wakeFromFade(at: now, into: &out)
            }
        case .skip:
            // Acts on release (short) or while held (seek); a press during a transition is ignored.
            if isTransitioning { state.held[b]?.consumed = true }
        }
    }

    private mutating func buttonReleased(_ b: Button, at now: Moment, into out: inout [Command]) {
        guard let hold = state.held.removeValue(forKey: b), !hold.consumed else { return }
        let short = now.uptime - hold.since < config.playback.holdSeconds && hold.fired == 0
        switch (b, state.phase) {
        case (.leaf, .ringing), (.leaf, .greeting):
            if now.uptime - hold.since < config.alarmBehaviour.dismissHoldSeconds { snooze(at: now, into: &out) }
        case (.skip, _):
            if short { skipPressed(at: now, into: &out) }
        case (.knob, _):
            guard short else { break }
            if case .menu(let position, _) = state.overlay {
                menuPressed(position, at: now, into: &out)
            } else {
                knobPressed(at: now, into: &out)
            }
        default:
            break
        }
    }

    private mutating func leafPressed(at now: Moment, into out: inout [Command]) {
        if isTransitioning { return }
        switch state.mode {
        case .off: enter(.meditation, at: now, into: &out)
        case .meditation: enter(.poetry, at: now, into: &out)
        case .poetry: turnOff(at: now, into: &out)
        }
    }

    private mutating func enter(_ mode: Mode, at now: Moment, into out: inout [Command]) {
        state.mode = mode
        state.lastMode = mode
        guard let id = nextItem(of: mode, avoiding: nil)
                ?? catalog.playableIDs(mode).first(where: { !state.unplayable.contains($0) }) else {
            stopNow(at: now, into: &out)
            state.overlay = .comingSoon(title: config.words(mode == .poetry ? .modePoetry : .modeMeditation),
                                        until: now.uptime + config.display.messageSeconds * 2)
            return
        }
        startItem(id, at: now, reason: .modeChange, into: &out)
    }

    private mutating func turnOff(at now: Moment, into out: inout [Command]) {
        stopBed(into: &out)
        state.mode = .off
        state.contentCompleted = false
        state.timer = nil
        if case .playing(let p) = state.phase {
            let stopped = moved(p, to: now)
            saveProgress(stopped, at: now)
            state.phase = .fadingOut(stopped, since: now.uptime, until: now.uptime + config.playback.stopFadeSeconds,
                                     reason: .stoppedByHand)
            out.append(.rampGain(to: 0, over: config.playback.stopFadeSeconds, curve: .equalPower))
        } else {
            stopNow(at: now, into: &out)
        }
    }

    private mutating func skipPressed(at now: Moment, into out: inout [Command]) {
        guard state.mode != .off, !isTransitioning else { return }
        switch state.phase {
        case .playing(let p), .paused(let p):
            if let id = nextItem(of: state.mode, avoiding: p.item) { startItem(id, at: now, reason: .skip, into: &out) }
        case .idle:
            if let id = nextItem(of: state.mode, avoiding: nil) { startItem(id, at: now, reason: .skip, into: &out) }
        default:
            break
        }
    }

    private mutating func timerPressed(at now: Moment, into out: inout [Command]) {
        if case .fadingOut(_, _, _, .sleepTimer) = state.phase {
            wakeFromFade(at: now, into: &out)
        } else if state.timer != nil {
            state.timer = nil
            state.overlay = .message(config.words(.timerCancelled), until: now.uptime + config.display.messageSeconds)
            if config.audio.confirmationCues { out.append(.playCue(.tick)) }
        } else {
            let start = timerOptions.firstIndex(of: state.timerPreference) ?? 0
            moveTimerChoice(to: start, at: now)
        }
    }

    private mutating func knobPressed(at now: Moment, into out: inout [Command]) {
        switch state.phase {
        case .playing(let p):
            state.phase = .paused(moved(p, to: now))
            out.append(.pause)
        case .paused(var p):
            p.anchor = now.uptime
            state.phase = .playing(p)
            out.append(.resume)
        default:
            break
        }
    }

    /// Someone is still awake when the sleep-timer fade begins: bring the sound back up smoothly
    /// and drop the timer.
    private mutating func wakeFromFade(at now: Moment, into out: inout [Command]) {
        guard case .fadingOut(let p, _, _, .sleepTimer) = state.phase else { return }
        state.phase = .playing(moved(p, to: now))
        state.timer = nil
        state.overlay = .message(config.words(.timerCancelled), until: now.uptime + config.display.messageSeconds)
        out.append(.rampGain(to: 1, over: 1, curve: .decibelLinear))
    }

    private mutating func knobTurned(_ detents: Int, at now: Moment, into out: inout [Command]) {
        if case .timerChoice(let selected, _) = state.overlay {
            moveTimerChoice(to: min(max(0, selected + detents), timerOptions.count - 1), at: now)
            return
        }
        if case .menu(var position, _) = state.overlay {
            let rows = menuScreen(position, at: now).rows.count
            position.selected = min(max(0, position.selected + detents), max(0, rows - 1))
            openMenu(position, at: now)
            return
        }
        switch state.phase {
        case .ringing, .greeting, .snoozed: return
        default: break
        }
        setVolume(state.volume + detents * config.audio.volumeStep, at: now, into: &out)
    }

    private mutating func setVolume(_ percent: Int, at now: Moment, into out: inout [Command]) {
        let volume = min(100, max(0, percent))
        if volume != state.volume {
            state.volume = volume
            out.append(.setVolume(percent: volume))
        }
        state.overlay = .volume(until: now.uptime + config.display.volumeBarSeconds)
    }

    // MARK: Menu

    private mutating func openMenu(_ position: MenuPosition, at now: Moment) {
        state.overlay = .menu(position, until: now.uptime + config.menu.closeAfterSeconds)
    }

    /// The knob held: opens the menu; in a list on an item, marks or unmarks it a favourite; in
    /// the menu elsewhere, closes it.
    private mutating func knobHeld(at now: Moment, into out: inout [Command]) {
        guard case .menu(let position, _) = state.overlay else {
            openMenu(MenuPosition(category: nil, selected: 0), at: now)
            return
        }
        guard let category = position.category, position.selected > 0 else {
            state.overlay = nil
            return
        }
        let items = menuItems(category, at: now)
        guard position.selected - 1 < items.count else { return }
        let id = items[position.selected - 1].id
        if let index = state.favorites.firstIndex(of: id) {
            state.favorites.remove(at: index)
        } else {
            state.favorites.append(id)
        }
        var kept = position
        // In the favourites list the row just unmarked goes away: stay on a row that exists.
        if category == .favorites { kept.selected = min(kept.selected, state.favorites.count) }
        openMenu(kept, at: now)
        if config.audio.confirmationCues { out.append(.playCue(.tick)) }
    }

    /// A short knob press in the menu: open the category, go back, or play the item.
    private mutating func menuPressed(_ position: MenuPosition, at now: Moment, into out: inout [Command]) {
        guard let category = position.category else {
            let categories = menuCategories
            guard position.selected < categories.count else { return }
            let chosen = categories[position.selected]
            openMenu(MenuPosition(category: chosen, selected: menuItems(chosen, at: now).isEmpty ? 0 : 1), at: now)
            return
        }
        guard position.selected > 0 else {
            openMenu(MenuPosition(category: nil, selected: menuCategories.firstIndex(of: category) ?? 0), at: now)
            return
        }
        let items = menuItems(category, at: now)
        guard position.selected - 1 < items.count else { return }
        let item = items[position.selected - 1]
        guard item.isAvailable, !state.unplayable.contains(item.id) else {
            state.overlay = .comingSoon(title: item.title, until: now.uptime + config.display.messageSeconds * 2)
            return
        }
        state.overlay = nil
        play(chosen: item, at: now, into: &out)
    }

    /// Plays an item picked in the menu. The mode becomes the one whose pool has the item's kind
    /// (else the current one, else the last one), so the leaf and skip go on from there.
    private mutating func play(chosen item: ContentItem, at now: Moment, into out: inout [Command]) {
        if let p = state.playback, p.item == item.id {
            if case .paused = state.phase { knobPressed(at: now, into: &out) }
            return
        }
        let poolMode = [Mode.meditation, .poetry].first { config.pools[$0]?.contains(item.kind) ?? false }
        let mode = poolMode ?? (state.mode != .off ? state.mode : state.lastMode)
        let reason: CrossfadeReason = mode == state.mode ? .skip : .modeChange
        state.mode = mode
        state.lastMode = mode
        startItem(item.id, at: now, reason: reason, into: &out)
    }

    // MARK: Sleep timer

    /// Off, the configured minutes, End of content.
    public var timerOptions: [TimerChoice] { TimerChoice.options(minutes: config.timer.choices) }

    private mutating func moveTimerChoice(to index: Int, at now: Moment) {
        state.overlay = .timerChoice(selected: index, commitAt: now.uptime + config.timer.commitAfterSeconds)
    }

    private mutating func commitTimer(_ index: Int, at now: Moment, into out: inout [Command]) {
        let choice = timerOptions[min(max(0, index), timerOptions.count - 1)]
        state.overlay = nil
        state.timerPreference = choice
        switch choice {
        case .off:
            state.timer = nil
        case .minutes(let m):
            state.timer = SleepTimer(choice: choice, deadline: now.uptime + m * 60, length: m * 60)
        case .endOfContent:
            state.timer = SleepTimer(choice: choice, deadline: nil, length: nil)
        }
        if config.audio.confirmationCues { out.append(.playCue(.tick)) }
    }

    private mutating func timerRanOut(at now: Moment, into out: inout [Command]) {
        // In the middle of speech: wait (a little) for the next pause, so the fade never cuts a
        // sentence in half, and the place saved for next time is the start of a sentence.
        if let timer = state.timer, !timer.waitingForPause, config.timer.speechGraceSeconds > 0,
           case .playing(let p) = state.phase, let speech = state.speechPauses, speech.item == p.item {
            let position = moved(p, to: now).position
            if let start = speech.fadeStart(after: position, grace: config.timer.speechGraceSeconds), start > position {
                state.timer?.deadline = now.uptime + (start - position)
                state.timer?.waitingForPause = true
                return
            }
        }
        let length = state.timer?.length ?? config.timer.fadeOutSeconds
        state.timer = nil
        switch state.phase {
        case .playing(let p), .crossfading(_, let p, _, _, _):
            // A timer shorter than the fade shortens the fade, so the gain never has to jump.
            let fade = min(config.timer.fadeOutSeconds, length)
            let now_ = moved(p, to: now)
            saveProgress(now_, at: now)
            state.phase = .fadingOut(now_, since: now.uptime, until: now.uptime + fade, reason: .sleepTimer)
            out.append(.rampGain(to: 0, over: fade, curve: .decibelLinear))
        case .paused(let p):
            saveProgress(p, at: now)
            state.phase = .idle
            state.contentCompleted = true
            out.append(.stop)
            stopBed(into: &out)
        default:
            break
        }
    }

    // MARK: Playback

    private mutating func startItem(_ id: ItemID, at now: Moment, reason: CrossfadeReason, into out: inout [Command]) {
        if let bed = config.playback.ambientBed, !state.bedPlaying {
            state.bedPlaying = true
            out.append(.startBed(bed, level: config.playback.ambientBedLevel))
        }
        let position = resumePosition(id)
        let next = Playback(item: id, position: position, anchor: now.uptime)
        state.contentCompleted = false
        state.lastTitle = catalog.item(id)?.title
        switch state.phase {
        case .playing(let p):
            let current = moved(p, to: now)
            saveProgress(current, at: now)
            let fade = config.playback.crossfadeSeconds
            state.phase = .crossfading(from: current, to: next, since: now.uptime, until: now.uptime + fade, reason: reason)
            out.append(.crossfade(to: id, from: position, over: fade))
        case .paused(let p):
            saveProgress(p, at: now)
            state.phase = .playing(next)
            out.append(.play(id, from: position))
        default:
            state.phase = .playing(next)
            out.append(.play(id, from: position))
        }
        state.lastPersistUptime = now.uptime
    }

    /// The bed goes when the content goes.
    private mutating func stopBed(into out: inout [Command]) {
        guard state.bedPlaying else { return }
        state.bedPlaying = false
        out.append(.stopBed)
    }

    /// Stops whatever plays at once (no fade needed: paused or silent), saving its position.
    private mutating func stopNow(at now: Moment, into out: inout [Command]) {
        switch state.phase {
        case .playing(let p):
            saveProgress(moved(p, to: now), at: now)
            out.append(.stop)
        case .paused(let p):
            saveProgress(p, at: now)
            out.append(.stop)
        case .crossfading(_, let p, _, _, _):
            saveProgress(moved(p, to: now), at: now)
            out.append(.stop)
        case .fadingOut(_, _, _, let reason):
            // The progress was saved where the fade began; a sleep-timer fade cut short still ends the night's content.
            if reason == .sleepTimer { state.contentCompleted = true }
            out.append(.stop)
        default:
            return
        }
        state.phase = .idle
    }

    private mutating func itemFinished(_ id: ItemID, at now: Moment, into out: inout [Command]) {
        guard let p = state.playback, p.item == id, let item = catalog.item(id) else { return }
        if case .fadingOut(_, _, _, .stoppedByHand) = state.phase {
            state.phase = .idle
            return
        }
        var timerFade = false
        if case .fadingOut(_, _, _, .sleepTimer) = state.phase { timerFade = true }
        state.progress[id] = ProgressEntry(position: item.duration, duration: item.duration, updated: now.wall)
        state.phase = .idle
        state.contentCompleted = true
        if state.timer?.choice == .endOfContent {
            state.timer = nil
            stopBed(into: &out)
            return
        }
        if !timerFade, config.playback.continueWithNext, state.mode != .off, let next = nextItem(of: state.mode, avoiding: id) {
            startItem(next, at: now, reason: .skip, into: &out)
        } else {
            stopBed(into: &out)
        }
    }

    /// An item that cannot be played is dropped from the shuffle for this run; the box says so
    /// and moves on to the next item of the mode (quiet when there is none), and everything else
    /// goes on.
    private mutating func itemFailed(_ id: ItemID, at now: Moment, into out: inout [Command]) {
        state.unplayable.insert(id)
        guard state.playback?.item == id else { return }
        state.phase = .idle
        out.append(.stop)
        state.overlay = .message(config.words(.unavailable), until: now.uptime + config.display.messageSeconds * 2)
        if state.mode != .off, let next = nextItem(of: state.mode, avoiding: id) {
            startItem(next, at: now, reason: .skip, into: &out)
        } else {
            stopBed(into: &out)
        }
    }

    private mutating func positionReported(_ id: ItemID, _ seconds: Double, at now: Moment) {
        switch state.phase {
        case .playing(var p) where p.item == id:
            p.position = seconds
            p.anchor = now.uptime
            state.phase = .playing(p)
        default:
            break
        }
    }

    private mutating func seekForward(at now: Moment, into out: inout [Command]) {
        let step = config.playback.seekStepSeconds
        switch state.phase {
        case .playing(let p):
            var q = moved(p, to: now)
            q.position = min(q.position + step, duration(of: q.item))
            state.phase = .playing(q)
            out.append(.seek(to: q.position))
        case .paused(var p):
            p.position = min(p.position + step, duration(of: p.item))
            state.phase = .paused(p)
            out.append(.seek(to: p.position))
        default:
            break
        }
    }

    // MARK: Alarm

    private mutating func checkAlarm(at now: Moment, into out: inout [Command]) {
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
            default: beginRing(at: now, since: now.uptime, into: &out)
            }
        }
    }

    private mutating func beginRing(at now: Moment, since: Double, into out: inout [Command]) {
        stopNow(at: now, into: &out)
        stopBed(into: &out)
        state.mode = .off
        state.timer = nil
        state.overlay = nil
        state.phase = .ringing(AlarmRing(since: since, greetingPending: state.contentCompleted))
        let a = config.alarmBehaviour
        out.append(.startAlarm(from: a.startVolume, to: a.alarmVolume, over: a.rampSeconds))
    }

    private mutating func snooze(at now: Moment, into out: inout [Command]) {
        state.phase = .snoozed(until: now.uptime + config.alarmBehaviour.snoozeMinutes * 60)
        out.append(.stopAlarm)
    }

    private mutating func dismissAlarm(at now: Moment, into out: inout [Command]) {
        if case .snoozed = state.phase {} else { out.append(.stopAlarm) }
        state.phase = .idle
        state.contentCompleted = false
    }

    private mutating func speakGreeting(_ ring: AlarmRing, at now: Moment, into out: inout [Command]) {
        var r = ring
        r.greetingPending = false
        state.phase = .greeting(r)
        state.contentCompleted = false
        let f = clock.fields(now.wall)
        out.append(.duckAlarm(to: config.alarmBehaviour.duckVolume, over: 1))
        out.append(.speak(WakeGreeting().text(hour: f.hour, minute: f.minute, weekday: f.weekday, lastTitle: state.lastTitle,
                                              in: config.language)))
    }

    private mutating func speechFinished(at now: Moment, into out: inout [Command]) {
        guard case .greeting(let r) = state.phase else { return }
        state.phase = .ringing(r)
        state.contentCompleted = false
        out.append(.duckAlarm(to: 1, over: 1))
    }

    // MARK: - Deadlines

    /// When the box wants to be woken next: an uptime for its own timers, a wall time for the alarm.
    public struct Deadline: Sendable, Equatable {
        public var uptime: Double?
        public var wall: Double?
    }

    public var nextDeadline: Deadline {
        var wall: Double? = nil
        if let alarm = state.alarm, alarm.isEnabled, let checked = state.alarmLog.checkedUntil {
            wall = AlarmSchedule(settings: alarm, clock: clock).instant(after: checked)
        }
        var uptime = dueTimers.map(\.at).min()
        if let persist = periodicPersistDue { uptime = min(uptime ?? persist, persist) }
        return Deadline(uptime: uptime, wall: wall)
    }

    private enum TimerKind { case overlay, transition, sleepTimer, skipHold, leafHold, knobHold, greeting, autoStop, snoozeEnd }

    private var dueTimers: [(at: Double, kind: TimerKind)] {
        var list: [(at: Double, kind: TimerKind)] = []
        if let o = state.overlay { list.append((o.expiry, .overlay)) }
        switch state.phase {
        case .crossfading(_, _, _, let until, _), .fadingOut(_, _, let until, _):
            list.append((until, .transition))
        case .ringing(let r), .greeting(let r):
            if r.greetingPending, case .ringing = state.phase {
                list.append((r.since + config.alarmBehaviour.greetingDelaySeconds, .greeting))
            }
            list.append((r.since + config.alarmBehaviour.autoStopMinutes * 60, .autoStop))
        case .snoozed(let until):
            list.append((until, .snoozeEnd))
        default: break
        }
        if let d = state.timer?.deadline { list.append((d, .sleepTimer)) }
        if let h = state.held[.skip], !h.consumed, isSeekable {
            list.append((h.since + config.playback.holdSeconds + Double(h.fired) * config.playback.seekRepeatSeconds, .skipHold))
        }
        if let h = state.held[.knob], !h.consumed, !isAlarmActive {
            list.append((h.since + config.playback.holdSeconds, .knobHold))
        }
        if let h = state.held[.leaf], !h.consumed, isAlarmActive {
            list.append((h.since + config.alarmBehaviour.dismissHoldSeconds, .leafHold))
        }
        return list
    }

    private mutating func runDeadlines(upTo now: Moment, into out: inout [Command]) {
        // Bounded: each timer handled either goes away or moves later.
        for _ in 0..<1000 {
            guard let next = dueTimers.min(by: { $0.at < $1.at }), next.at <= now.uptime else { return }
            let at = Moment(uptime: next.at, wall: now.wall(atUptime: next.at))
            fire(next.kind, at: at, into: &out)
        }
    }

    private mutating func fire(_ kind: TimerKind, at now: Moment, into out: inout [Command]) {
        switch kind {
        case .overlay:
            if case .timerChoice(let selected, _) = state.overlay {
                commitTimer(selected, at: now, into: &out)
            } else {
                state.overlay = nil
            }
        case .transition:
            switch state.phase {
            case .crossfading(_, let to, _, _, _):
                state.phase = .playing(to)
            case .fadingOut(_, _, _, let reason):
                // The progress was saved where the fade began: that is the last the listener heard.
                state.phase = .idle
                if reason == .sleepTimer { state.contentCompleted = true }
                out.append(.stop)
                stopBed(into: &out)
            default: break
            }
        case .sleepTimer:
            timerRanOut(at: now, into: &out)
        case .skipHold:
            state.held[.skip]?.fired += 1
            seekForward(at: now, into: &out)
        case .leafHold:
            state.held[.leaf]?.consumed = true
            dismissAlarm(at: now, into: &out)
        case .knobHold:
            state.held[.knob]?.consumed = true
            knobHeld(at: now, into: &out)
        case .greeting:
            if case .ringing(let r) = state.phase { speakGreeting(r, at: now, into: &out) }
        case .autoStop:
            out.append(.stopAlarm)
            state.phase = .idle
        case .snoozeEnd:
            state.phase = .idle
            beginRing(at: now, since: now.uptime, into: &out)
        }
    }

    // MARK: - Helpers

    /// While playing, progress is saved at this uptime (the same value wakes the box and is
    /// compared with the clock, so the two always agree).
    private var periodicPersistDue: Double? {
        isPlaying ? state.lastPersistUptime + config.playback.persistIntervalSeconds : nil
    }

    private var isTransitioning: Bool {
        switch state.phase {
        case .crossfading, .fadingOut: return true
        default: return false
        }
    }

    private var isPlaying: Bool {
        switch state.phase {
        case .playing, .crossfading, .fadingOut: return true
        default: return false
        }
    }

    private var isSeekable: Bool {
        switch state.phase {
        case .playing, .paused: return true
        default: return false
        }
    }

    private var isAlarmActive: Bool {
        switch state.phase {
        case .ringing, .greeting, .snoozed: return true
        default: return false
        }
    }

    func duration(of id: ItemID) -> Double { catalog.item(id)?.duration ?? 0 }

    /// A playback brought up to `now` (its position moved on, anchored at now).
    private func moved(_ p: Playback, to now: Moment) -> Playback {
        Playback(item: p.item, position: p.position(at: now.uptime, running: true, duration: duration(of: p.item)),
                 anchor: now.uptime)
    }

    private mutating func saveProgress(_ p: Playback, at now: Moment) {
        state.progress[p.item] = ProgressEntry(position: p.position, duration: duration(of: p.item), updated: now.wall)
    }

    /// Where an item starts: its saved position when between 0 and 95 %, else the beginning.
    public func resumePosition(_ id: ItemID) -> Double {
        guard let e = state.progress[id], e.position > 0, e.fraction < config.playback.resumeBelowFraction else { return 0 }
        return e.position
    }

    private mutating func nextItem(of mode: Mode, avoiding current: ItemID?) -> ItemID? {
        var bag = state.shuffle[mode] ?? ShuffleBag()
        let playable = catalog.playableIDs(mode).filter { !state.unplayable.contains($0) }
        let pick = bag.next(from: playable, avoiding: current, using: &state.rng)
        state.shuffle[mode] = bag
        return pick
    }

    /// The fields whose change is worth a save at once.
    private struct Significant: Equatable {
        var mode: Mode, lastMode: Mode, phase: String, item: ItemID?, timer: SleepTimer?, preference: TimerChoice
        var alarm: AlarmSettings?, volume: Int, completed: Bool, handled: Double?, favorites: [ItemID]
    }


    private var significant: Significant {
        Significant(mode: state.mode, lastMode: state.lastMode, phase: state.phase.name, item: state.playback?.item,
                    timer: state.timer, preference: state.timerPreference, alarm: state.alarm, volume: state.volume,
                    completed: state.contentCompleted, handled: state.alarmLog.lastHandled, favorites: state.favorites)
    }
}
