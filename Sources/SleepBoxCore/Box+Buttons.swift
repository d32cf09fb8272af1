/// What the buttons and the knob mean in each state: a press, a hold (as the input decoder reports
/// it), a release, a turn.
extension Box {
    /// A button went down. The leaf acts at once; skip, the timer and the knob wait for the release
    /// (a short press) or a held event, and so does the leaf while the alarm rings (snooze or
    /// dismiss).
    mutating func buttonPressed(_ b: Button, at now: Moment, into out: inout [Command]) {
        state.pressed[b] = .pending
        // A missed alarm is told until a button is pressed (the press acts as well).
        state.alarmLog.untold = nil
        switch state.phase {
        case .ringing, .greeting:
            // The leaf snoozes on release (a hold dismisses); every other button snoozes at once.
            if b != .leaf {
                state.pressed[b] = .used
                snooze(at: now, into: &out)
            }
            return
        case .snoozed:
            if b != .leaf { state.pressed[b] = .used }
            return
        default: break
        }
        if dismissCompletion(b) { return }
        if case .timerChoice(let selected, _) = state.overlay {
            state.pressed[b] = .used
            switch b {
            case .timer: moveTimerChoice(to: (selected + 1) % timerOptions.count, at: now)
            case .knob, .leaf, .skip: commitTimer(selected, at: now, into: &out)
            }
            return
        }
        switch state.overlay {
        case .pages?:
            // The knob works the pages (on release or hold); any other button closes them and acts
            // (an editor left so commits nothing).
            if b == .knob { return }
            state.overlay = nil
        default:
            break
        }
        if case .reminder = state.overlay {
            // The knob answers the note (later on release, skip tonight held); any other button
            // closes it, means the owner is up to something, and acts.
            if b == .knob { return }
            state.overlay = nil
            dropReminderRepeats()
        }
        switch b {
        case .leaf:
            state.pressed[b] = .used
            leafPressed(at: now, into: &out)
        case .timer:
            // Acts on release (short: the timer choice) or while held (seek back). Someone awake in
            // the sleep-timer fade gets the sound back at once, and a hold then still goes back.
            if case .fadingOut(_, _, _, .sleepTimer) = state.phase {
                state.pressed[b] = .armed
                wakeFromFade(at: now, into: &out)
            } else if state.session != nil {
                state.pressed[b] = .used
            }
        case .knob:
            // Someone awake in the sleep-timer fade: bring the sound back at once. Otherwise the
            // knob acts on release (pause) or once held (the menu).
            if case .fadingOut(_, _, _, .sleepTimer) = state.phase {
                state.pressed[b] = .used
                wakeFromFade(at: now, into: &out)
            }
        case .skip:
            // Acts on release (short) or while held (seek); a press during a transition is ignored.
            if state.phase.isTransitioning { state.pressed[b] = .used }
        }
    }

    /// A button kept down: the input decoder reports it at the button's hold threshold and again
    /// at each repeat, with how long it has been down. A held event shorter than the box's own
    /// threshold means nothing (the release still counts as a short press).
    mutating func buttonHeld(_ b: Button, for seconds: Double, at now: Moment, into out: inout [Command]) {
        guard let use = state.pressed[b], use != .used else { return }
        switch b {
        case .skip:
            // Seeks at the threshold and at every repeat while an item plays or is paused.
            guard seconds >= config.playback.holdSeconds else { return }
            if case .idle = state.phase, isIdleScreenShown {
                // On the idle screen: the next alarm skips its ring, or rings again.
                state.pressed[b] = .used
                toggleNextAlarm(at: now, into: &out)
                return
            }
            state.pressed[b] = .holding
            if state.phase.isSeekable { seekForward(at: now, into: &out) }
        case .knob:
            guard seconds >= config.playback.holdSeconds else { return }
            state.pressed[b] = .used
            if case .reminder = state.overlay {
                skipReminderTonight(at: now, into: &out)
            } else if case .pages = state.overlay {
                pageHeld(at: now)
            } else if !state.phase.isAlarmActive {
                openPage(.library(LibraryPage(category: nil, selected: 0)), at: now)
            }
        case .leaf:
            // Only pressed during the alarm is the leaf still pending (otherwise it acted at once).
            guard seconds >= config.alarmBehaviour.dismissHoldSeconds else { return }
            state.pressed[b] = .used
            if state.phase.isAlarmActive { dismissAlarm(at: now, into: &out) }
        case .timer:
            // Seeks back at the threshold and at every repeat while an item plays or is paused.
            guard seconds >= config.playback.holdSeconds else { return }
            if config.light.isPresent, case .idle = state.phase, isIdleScreenShown, state.session == nil {
                // On the idle screen: the night light on or off.
                state.pressed[b] = .used
                toggleNightLight(at: now)
                return
            }
            state.pressed[b] = .holding
            seekBack(at: now, into: &out)
        }
    }

    /// A button let go: a press not used by then, nor held past its threshold, acts now.
    mutating func buttonReleased(_ b: Button, at now: Moment, into out: inout [Command]) {
        guard state.pressed.removeValue(forKey: b) == .pending else { return }
        switch (b, state.phase) {
        case (.leaf, .ringing), (.leaf, .greeting):
            snooze(at: now, into: &out)
        case (.skip, _):
            skipPressed(at: now, into: &out)
        case (.timer, _):
            timerPressed(at: now, into: &out)
        case (.knob, _):
            if case .pages = state.overlay {
                pagePressed(at: now, into: &out)
            } else if case .reminder = state.overlay {
                reminderLater(at: now)
            } else {
                knobPressed(at: now, into: &out)
            }
        default:
            break
        }
    }

    /// The leaf: Off -> Meditation -> Poetry -> Off (ignored in the middle of a transition). An
    /// item from the library that belongs to no mode plays with the mode off: the leaf stops it.
    /// A meditation timer or a nap running: the leaf ends it (and does nothing else).
    mutating func leafPressed(at now: Moment, into out: inout [Command]) {
        if state.phase.isTransitioning { return }
        if state.session != nil {
            endSession(byHand: true, at: now, into: &out)
            return
        }
        switch state.mode {
        case .off where state.playback != nil: turnOff(at: now, into: &out)
        case .off: enter(.meditation, at: now, into: &out)
        case .meditation: enter(.poetry, at: now, into: &out)
        case .poetry: turnOff(at: now, into: &out)
        }
    }

    /// A short skip press: the next item of the mode's pool (of the item's kind, for an item from
    /// the library that belongs to no mode).
    mutating func skipPressed(at now: Moment, into out: inout [Command]) {
        guard !state.phase.isTransitioning else { return }
        if skipPressedOnIdle(at: now, into: &out) { return }
        guard state.mode != .off else {
            switch state.phase {
            case .playing(let p), .paused(let p):
                if let id = nextOfKind(after: p.item) { startItem(id, at: now, reason: .skip, into: &out) }
            default:
                break
            }
            return
        }
        switch state.phase {
        case .playing(let p), .paused(let p):
            if let id = nextItem(of: state.mode, avoiding: p.item) { startItem(id, at: now, reason: .skip, into: &out) }
        case .idle:
            if let id = nextItem(of: state.mode, avoiding: nil) { startItem(id, at: now, reason: .skip, into: &out) }
        default:
            break
        }
    }

    /// A short knob press: pause or resume; on the idle screen, the alarm list.
    mutating func knobPressed(at now: Moment, into out: inout [Command]) {
        switch state.phase {
        case .idle where isIdleScreenShown:
            openPage(.alarmList(AlarmListPage(selected: 1)), at: now)
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

    /// The knob turned: moves the timer choice or the page when open, else sets the volume (not
    /// while the alarm has the box).
    mutating func knobTurned(_ detents: Int, at now: Moment, into out: inout [Command]) {
        if case .timerChoice(let selected, _) = state.overlay {
            moveTimerChoice(to: min(max(0, selected + detents), timerOptions.count - 1), at: now)
            return
        }
        if case .pages = state.overlay {
            pageTurned(detents, at: now)
            return
        }
        if case .reminder = state.overlay { return }
        if state.phase.isAlarmActive { return }
        if turnNightLight(detents, at: now) { return }
        setVolume(state.volume + detents * config.audio.volumeStep, at: now, into: &out)
    }

    /// The idle screen is up: nothing over it but a passing volume bar or message.
    var isIdleScreenShown: Bool {
        switch state.overlay {
        case nil, .volume?, .message?, .timeLeft?: return true
        default: return false
        }
    }

    /// Sets the volume (0...100) and shows the volume bar.
    mutating func setVolume(_ percent: Int, at now: Moment, into out: inout [Command]) {
        // At night the knob goes no higher than the night limit.
        let limit = isNight(now.wall) ? config.audio.nightVolumeLimit : 100
        let volume = min(limit, max(0, percent))
        if volume != state.volume {
            state.volume = volume
            out.append(.setVolume(percent: volume))
        }
        state.overlay = .volume(until: now.uptime + config.display.volumeBarSeconds)
    }
}
