/// What plays: the leaf's modes, items started, crossfaded, stopped, finished, failed and sought,
/// and the saved positions and shuffle they use.
extension Box {
    /// The leaf moved to `mode`: its next item starts (or "coming soon" when it has none).
    mutating func enter(_ mode: Mode, at now: Moment, into out: inout [Command]) {
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

    /// The leaf turned the box off: what plays fades out, the timer goes.
    mutating func turnOff(at now: Moment, into out: inout [Command]) {
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

    /// Starts an item at its resume position: crossfading from one playing, at once otherwise.
    mutating func startItem(_ id: ItemID, at now: Moment, reason: CrossfadeReason, into out: inout [Command]) {
        // Content chosen from the menu ends a meditation timer or a nap, and the owner winding
        // down needs no more bedtime reminders tonight.
        if state.session != nil { endSession(byHand: false, at: now, into: &out) }
        dropReminderRepeats()
        if state.bedAfterItem { stopBed(into: &out) }
        if let bed = config.playback.ambientBed, !state.bedPlaying {
            state.bedPlaying = true
            out.append(.startBed(bed, level: config.playback.ambientBedLevel))
        }
        let position = resumePosition(id)
        let next = Playback(item: id, position: position, anchor: now.uptime)
        state.heard = nil
        // A skip held while another item starts (the one it sought in ended) never seeks into it.
        if state.pressed[.skip] == .holding { state.pressed[.skip] = .used }
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
    mutating func stopBed(into out: inout [Command]) {
        guard state.bedPlaying else { return }
        state.bedPlaying = false
        state.bedAfterItem = false
        out.append(.stopBed)
    }

    /// Stops whatever plays at once (no fade needed: paused or silent), saving its position.
    mutating func stopNow(at now: Moment, into out: inout [Command]) {
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

    /// An item played to its end: the box goes quiet (or on with the next, when configured).
    mutating func itemFinished(_ id: ItemID, at now: Moment, into out: inout [Command]) {
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
            // Shown before the timer goes: the owner meant to fall asleep, so it is not said.
            itemCompleted(item, at: now)
            state.timer = nil
            stopBed(into: &out)
            return
        }
        if !timerFade, config.playback.continueWithNext, state.mode != .off, let next = nextItem(of: state.mode, avoiding: id) {
            startItem(next, at: now, reason: .skip, into: &out)
        } else if !timerFade, carryBed(after: item, into: &out) {
            itemCompleted(item, at: now)
        } else {
            stopBed(into: &out)
            if !timerFade { itemCompleted(item, at: now) }
        }
    }

    /// A spoken item ended while a sleep timer still counts: a soft bed plays on until the
    /// timer's fade (`timerRanOut`), the one that played under the item or `bedAfterItem`.
    /// False when there is none to play (switched off, no timer, an ambient item).
    private mutating func carryBed(after item: ContentItem, into out: inout [Command]) -> Bool {
        guard let bed = config.timer.bedAfterItem, item.kind != .ambient, state.timer?.deadline != nil,
              state.session == nil else { return false }
        if state.bedPlaying { return true }
        state.bedPlaying = true
        state.bedAfterItem = true
        out.append(.startBed(bed, level: config.timer.bedAfterItemLevel))
        return true
    }

    /// An item that cannot be played is dropped from the shuffle for this run; the box says so
    /// and moves on to the next item of the mode (quiet when there is none), and everything else
    /// goes on.
    mutating func itemFailed(_ id: ItemID, at now: Moment, into out: inout [Command]) {
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

    mutating func positionReported(_ id: ItemID, _ seconds: Double, at now: Moment) {
        switch state.phase {
        case .playing(var p) where p.item == id:
            p.position = seconds
            p.anchor = now.uptime
            state.phase = .playing(p)
        default:
            break
        }
    }

    /// Skip held: forward by the seek step, never past the end. A seek that reaches the end is
    /// the hold's last: the item ends there (and the next, if any, starts at its own start).
    mutating func seekForward(at now: Moment, into out: inout [Command]) {
        let step = config.playback.seekStepSeconds
        let position: Double
        let before: Double
        switch state.phase {
        case .playing(let p):
            var q = moved(p, to: now)
            before = q.position
            q.position = min(q.position + step, duration(of: q.item))
            position = q.position
            state.phase = .playing(q)
        case .paused(var p):
            before = p.position
            p.position = min(p.position + step, duration(of: p.item))
            position = p.position
            state.phase = .paused(p)
        default:
            return
        }
        state.heard = nil
        out.append(.seek(to: position))
        showSeek(by: position - before, at: now)
        if let p = state.playback, position >= duration(of: p.item) { state.pressed[.skip] = .used }
    }

    /// The now-playing screen marks a seek by hand for a moment ("+15 s"); the holds of one
    /// direction add up while it shows.
    mutating func showSeek(by seconds: Double, at now: Moment) {
        let moved = Int(seconds.rounded())
        guard moved != 0 else { return }
        var total = moved
        if let mark = state.seekMark, mark.until > now.uptime, mark.seconds.signum() == moved.signum() { total += mark.seconds }
        state.seekMark = SeekMark(seconds: total, until: now.uptime + SeekMark.showSeconds)
    }

    /// The timer held: back by the seek step, never before the start (a hold that reaches the
    /// start seeks no further, like skip held reaching the end). In a crossfade the item faded to takes over at once and goes back
    /// (the one faded from is gone: the listener is going back in what they hear now). In the
    /// sleep-timer fade the press has already brought the sound back, so it goes back like
    /// playing. Stopping by hand (the leaf's fade) is left alone.
    mutating func seekBack(at now: Moment, into out: inout [Command]) {
        let step = config.playback.seekStepSeconds
        var p: Playback
        let paused: Bool
        switch state.phase {
        case .playing(let q), .crossfading(_, let q, _, _, _):
            p = moved(q, to: now)
            paused = false
        case .paused(let q):
            p = q
            paused = true
        default:
            return
        }
        guard p.position > 0 else { return }
        let before = p.position
        p.position = max(0, p.position - step)
        showSeek(by: p.position - before, at: now)
        state.heard = nil
        state.phase = paused ? .paused(p) : .playing(p)
        out.append(.seek(to: p.position))
        // At the start the hold is done: its repeats would only replay the first moments.
        if p.position == 0 { state.pressed[.timer] = .used }
    }

    /// "Restart" from the menu: the item playing or paused goes back to its start and plays.
    mutating func restartItem(at now: Moment, into out: inout [Command]) {
        guard state.phase.isSeekable, let p = state.playback else { return }
        let start = Playback(item: p.item, position: 0, anchor: now.uptime)
        state.heard = nil
        out.append(.seek(to: 0))
        if state.phase.isPaused { out.append(.resume) }
        state.phase = .playing(start)
        saveProgress(start, at: now)
    }

    func duration(of id: ItemID) -> Double { catalog.item(id)?.duration ?? 0 }

    /// A playback brought up to `now` (its position moved on, anchored at now).
    func moved(_ p: Playback, to now: Moment) -> Playback {
        Playback(item: p.item, position: p.position(at: now.uptime, running: true, duration: duration(of: p.item)),
                 anchor: now.uptime)
    }

    mutating func saveProgress(_ p: Playback, at now: Moment) {
        state.progress[p.item] = ProgressEntry(position: p.position, duration: duration(of: p.item), updated: now.wall)
    }

    /// Where an item starts: its saved position when between 0 and 95 %, else the beginning.
    public func resumePosition(_ id: ItemID) -> Double {
        guard let e = state.progress[id], e.position > 0, e.fraction < config.playback.resumeBelowFraction else { return 0 }
        return e.position
    }

    mutating func nextItem(of mode: Mode, avoiding current: ItemID?) -> ItemID? {
        var bag = state.shuffle[mode] ?? ShuffleBag()
        let playable = catalog.playableIDs(mode).filter { !state.unplayable.contains($0) }
        let pick = bag.next(from: playable, avoiding: current, using: &state.rng)
        state.shuffle[mode] = bag
        return pick
    }
}
