/// The sleep timer: the timer button opens the choice (the knob moves it, any button or a few
/// quiet seconds commit it; set while nothing plays, it starts the last mode; pressed while a
/// timer runs, it opens at that timer's value, and Off cancels it), a running timer ends in a
/// fade, and someone awake in the fade brings the sound back.
extension Box {
    /// Off, the configured minutes, End of content.
    public var timerOptions: [TimerChoice] { TimerChoice.options(minutes: config.timer.choices) }

    /// Shows the timer choice at `index`; it commits itself after a few quiet seconds.
    mutating func moveTimerChoice(to index: Int, at now: Moment) {
        state.overlay = .timerChoice(selected: index, commitAt: now.uptime + config.timer.commitAfterSeconds)
    }

    mutating func timerPressed(at now: Moment, into out: inout [Command]) {
        if case .fadingOut(_, _, _, .sleepTimer) = state.phase {
            wakeFromFade(at: now, into: &out)
        } else {
            // A running timer opens the choice at its own value (turn to Off to cancel it); none,
            // at the last one committed.
            let options = timerOptions
            let start = state.timer.flatMap { options.firstIndex(of: $0.choice) }
                ?? options.firstIndex(of: state.timerPreference) ?? 0
            moveTimerChoice(to: start, at: now)
        }
    }

    /// Someone is still awake when the sleep-timer fade begins: bring the sound back up smoothly
    /// and drop the timer.
    mutating func wakeFromFade(at now: Moment, into out: inout [Command]) {
        guard case .fadingOut(let p, _, _, .sleepTimer) = state.phase else { return }
        state.phase = .playing(moved(p, to: now))
        state.timer = nil
        state.overlay = .message(config.words(.timerCancelled), until: now.uptime + config.display.messageSeconds)
        out.append(.rampGain(to: 1, over: 1, curve: .decibelLinear))
    }

    /// Takes the timer choice. A timer set while nothing plays (the box off, or quiet after the
    /// last timer) means "play me something for that long": the last mode starts with it; when
    /// that mode has nothing to play, no timer is left running over silence.
    mutating func commitTimer(_ index: Int, at now: Moment, into out: inout [Command]) {
        commitTimer(timerOptions[min(max(0, index), timerOptions.count - 1)], at: now, into: &out)
    }

    /// Takes `choice` as the timer choice (a choice on the box, or a request from outside).
    mutating func commitTimer(_ choice: TimerChoice, at now: Moment, into out: inout [Command]) {
        state.overlay = nil
        // The running timer's own value taken again changes nothing: it runs on as it was.
        if let running = state.timer, running.choice == choice { return }
        if choice == .off, state.timer != nil {
            state.overlay = .message(config.words(.timerCancelled), until: now.uptime + config.display.messageSeconds)
        }
        state.timerPreference = choice
        switch choice {
        case .off:
            state.timer = nil
            // A bed that only played on for the timer goes with it.
            if state.phase == .idle, state.session == nil { stopBed(into: &out) }
        case .minutes(let m):
            state.timer = SleepTimer(choice: choice, deadline: now.uptime + m * 60, length: m * 60)
        case .endOfContent:
            state.timer = SleepTimer(choice: choice, deadline: nil, length: nil)
        }
        if config.audio.confirmationCues { out.append(.playCue(.tick)) }
        guard choice != .off, state.phase == .idle else { return }
        enter(state.mode != .off ? state.mode : state.lastMode, at: now, into: &out)
        if state.playback == nil { state.timer = nil }
    }

    mutating func timerRanOut(at now: Moment, into out: inout [Command]) {
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
        case .idle where state.bedPlaying && state.session == nil:
            // Only the bed played on after the item: it fades as the item would have.
            state.bedPlaying = false
            state.bedAfterItem = false
            state.contentCompleted = true
            out.append(.fadeBed(over: min(config.timer.fadeOutSeconds, length)))
        default:
            break
        }
    }
}
