/// The meditation timer and the nap: started from the Timers menu, each alone on the box (what
/// plays stops, the sleep timer goes); the meditation timer rings its bells, plays its bed and
/// breath tones at their deadlines; the nap ends in the gentle alarm. The leaf ends either by
/// hand; the alarm ends either (the alarm wins).
extension Box {
    /// The breathing guide starts this long after the start bell.
    public static let guideDelaySeconds = 5.0

    /// Starts the meditation timer as the owner set it up (`meditationChoice`): the start bell,
    /// the bed, the guide.
    mutating func startMeditation(at now: Moment, into out: inout [Command]) {
        clearForSession(at: now, into: &out)
        let choice = meditationChoice
        let length = choice.minutes * 60
        state.session = TimerSession(kind: .meditation, started: now.uptime, length: length, sound: choice.sound,
                                     guide: choice.guide ? meditationGuide(length: length) : nil,
                                     breathingCues: config.meditation.breathingCues,
                                     bellEvery: choice.bellEveryMinutes > 0 ? choice.bellEveryMinutes * 60 : nil)
        out.append(.playCue(.meditationBell))
        if let sound = choice.sound {
            state.bedPlaying = true
            out.append(.startBed(sound, level: config.meditation.soundLevel))
        }
    }

    /// The guide's pattern: the one chosen on the box, else the configured one.
    var meditationPattern: [BreathStep] {
        meditationChoice.pattern.flatMap(BreathStep.pattern) ?? config.meditation.breathing
    }

    /// The guide for a meditation of `length` seconds: whole cycles of the pattern (chosen on the
    /// box, else configured) from `guideDelaySeconds`, as many as fit; nil when none does.
    func meditationGuide(length: Double) -> BreathingGuide? {
        let pattern = meditationPattern
        let cycle = pattern.reduce(0) { $0 + $1.seconds }
        guard cycle > 0 else { return nil }
        let cycles = Int(((length - Box.guideDelaySeconds) / cycle).rounded(.down))
        return cycles > 0 ? BreathingGuide(pattern: pattern, cycles: cycles, startsAt: Box.guideDelaySeconds) : nil
    }

    /// Starts a nap of `minutes`: quiet, then the gentle alarm.
    mutating func startNap(minutes: Double, at now: Moment, into out: inout [Command]) {
        clearForSession(at: now, into: &out)
        state.session = TimerSession(kind: .nap, started: now.uptime, length: minutes * 60)
        if config.audio.confirmationCues { out.append(.playCue(.tick)) }
    }

    /// A timer takes the box alone (`takeAlone`), and a reminder's repeats stop.
    private mutating func clearForSession(at now: Moment, into out: inout [Command]) {
        takeAlone(at: now, into: &out)
        dropReminderRepeats()
    }

    /// What takes the box alone, a timer or the alarm: what plays stops (its place saved), the
    /// bed and the sleep timer go, a timer already running ends, the mode goes off, the screen
    /// closes what it showed.
    mutating func takeAlone(at now: Moment, into out: inout [Command]) {
        stopNow(at: now, into: &out)
        stopBed(into: &out)
        state.mode = .off
        state.timer = nil
        state.session = nil
        state.overlay = nil
    }

    /// Ends the timer before its time: quietly (the bed fades), with a short message when by hand.
    mutating func endSession(byHand: Bool, at now: Moment, into out: inout [Command]) {
        guard let session = state.session else { return }
        state.session = nil
        stopBed(into: &out)
        if byHand {
            state.overlay = .message(config.words(session.kind == .meditation ? .meditationEnded : .napEnded),
                                     until: now.uptime + config.display.messageSeconds)
        }
    }

    /// The timer's time is up: the meditation's closing bell (the bed fades under it), or the
    /// nap's gentle alarm.
    mutating func sessionRanOut(at now: Moment, into out: inout [Command]) {
        guard let session = state.session else { return }
        state.session = nil
        switch session.kind {
        case .meditation:
            out.append(.playCue(.closingBell))
            stopBed(into: &out)
            timerCompleted(session, at: now)
        case .nap:
            ringForNap(at: now, into: &out)
        }
    }

    /// The nap's alarm: the wake sound from the alarm's start volume up to the nap's, over the
    /// nap's ramp; snoozed and dismissed like any ring (a snooze comes back as the alarm does).
    mutating func ringForNap(at now: Moment, into out: inout [Command]) {
        state.overlay = nil
        state.phase = .ringing(AlarmRing(since: now.uptime, greetingPending: false))
        recordNight(.alarmRang, at: now, planned: now.wall, into: &out)
        let a = config.alarmBehaviour
        out.append(.startAlarm(from: min(a.startVolume, config.nap.volume), to: config.nap.volume, over: config.nap.rampSeconds))
    }

    /// An interval bell's time.
    mutating func ringIntervalBell(into out: inout [Command]) {
        state.session?.bellsRung += 1
        out.append(.playCue(intervalBell == .chime ? .chime : .meditationBell))
    }

    /// A breath step's time: its soft tone, when the tones are on.
    mutating func playBreathCue(into out: inout [Command]) {
        guard let session = state.session, let cue = session.nextBreathCue else { return }
        state.session?.stepsCued += 1
        if session.breathingCues { out.append(.playCue(.breath(cue.step))) }
    }

    /// The session's screen at `now`.
    func sessionScreen(_ session: TimerSession, at now: Moment) -> Screen {
        let words = config.words
        let remaining = session.remaining(at: now.uptime)
        switch session.kind {
        case .meditation:
            var breath: BreathingScreen? = nil
            if let guide = session.guide, let phase = guide.phase(at: session.guidePosition(at: now.uptime)) {
                let label: String
                switch phase.step {
                case .inhale: label = words(.breatheIn)
                case .hold: label = words(.breatheHold)
                case .exhale: label = words(.breatheOut)
                case .rest: label = words(.breatheRest)
                }
                let left = (1 - phase.progress) * phase.stepSeconds
                breath = BreathingScreen(title: words(.meditationTimer), step: phase.step, label: label,
                                         fullness: guide.fullness(phase), secondsLeft: max(1, Int((left - 1e-6).rounded(.up))),
                                         cycle: phase.cycle + 1, cycles: guide.cycles, isPaused: false,
                                         timerRemaining: remaining)
            }
            return .meditationTimer(TimerSessionScreen(title: words(.meditationTimer), remaining: remaining,
                                                       note: soundName(session.sound), breath: breath))
        case .nap:
            let wake = clock.fields(now.wall + remaining)
            return .nap(TimerSessionScreen(title: words(.nap), remaining: remaining,
                                           note: words(.napAlarmAt, ["time": twoDigits(wake.hour) + ":" + twoDigits(wake.minute)])))
        }
    }

    /// The session's breath at `now`, for the LED: nil when no guide runs.
    func sessionBreath(at now: Moment) -> (BreathingGuide, Double)? {
        guard let session = state.session, let guide = session.guide else { return nil }
        return (guide, session.guidePosition(at: now.uptime))
    }
}
