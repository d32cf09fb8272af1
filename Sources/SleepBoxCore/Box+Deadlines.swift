/// The box's own timers: overlays, transitions, the sleep timer, the greeting, the alarm's auto
/// stop and the end of a snooze, the meditation timer's and the nap's end, bells and breath tones,
/// the reminder's "later", each handled at its own time.
extension Box {
    /// When the box wants to be woken next: an uptime for its own timers, a wall time for the alarm.
    public struct Deadline: Sendable, Equatable {
        public var uptime: Double?
        public var wall: Double?
    }

    /// The box's next deadline. The timing of a button held down is the input decoder's (see
    /// `InputDecoder.nextDeadline`), so it is not here.
    public var nextDeadline: Deadline {
        var wall: Double? = nightCapDeadline
        if let checked = state.alarmLog.checkedUntil {
            for case let alarm? in state.alarms where alarm.isEnabled {
                if let t = AlarmSchedule(settings: alarm, clock: clock).instant(after: checked) { wall = min(wall ?? t, t) }
            }
        }
        if let reminder = nextReminder { wall = min(wall ?? reminder, reminder) }
        if let light = lightDeadline { wall = min(wall ?? light, light) }
        var uptime = dueTimers.map(\.at).min()
        if let persist = periodicPersistDue { uptime = min(uptime ?? persist, persist) }
        return Deadline(uptime: uptime, wall: wall)
    }

    private enum TimerKind {
        case overlay, transition, sleepTimer, greeting, autoStop, snoozeEnd, sessionEnd, intervalBell, breathCue, reminderAgain,
             completionSpeech, pairingLapse
    }

    private var dueTimers: [(at: Double, kind: TimerKind)] {
        var list: [(at: Double, kind: TimerKind)] = []
        if let o = state.overlay { list.append((o.expiry, .overlay)) }
        if let speech = completionSpeechDue { list.append((speech, .completionSpeech)) }
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
        if let session = state.session {
            list.append((session.ends, .sessionEnd))
            if let bell = session.nextBell { list.append((bell, .intervalBell)) }
            if let cue = session.nextBreathCue { list.append((cue.at, .breathCue)) }
        }
        if let again = state.reminderLog.againAt { list.append((again, .reminderAgain)) }
        if let lapse = pairingLapses { list.append((lapse, .pairingLapse)) }
        return list
    }

    mutating func runDeadlines(upTo now: Moment, into out: inout [Command]) {
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
            } else if case .reminder = state.overlay {
                reminderNoteExpired(at: now)
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
                if reason == .sleepTimer {
                    state.contentCompleted = true
                    sunsetEnded()
                }
                out.append(.stop)
                stopBed(into: &out)
            default: break
            }
        case .sleepTimer:
            timerRanOut(at: now, into: &out)
        case .greeting:
            if case .ringing(let r) = state.phase { speakGreeting(r, at: now, into: &out) }
        case .autoStop:
            out.append(.stopAlarm)
            alarmEndedForLight(at: now)
            state.phase = .idle
        case .snoozeEnd:
            state.phase = .idle
            beginRing(at: now, since: now.uptime, into: &out)
            ringBeganForLight(at: now, into: &out)
        case .sessionEnd:
            sessionRanOut(at: now, into: &out)
        case .intervalBell:
            ringIntervalBell(into: &out)
        case .breathCue:
            playBreathCue(into: &out)
        case .reminderAgain:
            reminderAgain(at: now, into: &out)
        case .completionSpeech:
            speakCompletion(at: now, into: &out)
        case .pairingLapse:
            pairingLapsed(at: now)
        }
    }
}
