/// The end of a practice: the meditation timer run out, or a guided meditation, a yoga nidra or
/// a breathing exercise played to its end, shows what was done ("Well done", the minutes, the
/// guide's breath cycles, the streak after it) until any button is pressed or for a minute, and
/// with the spoken menus on it is said (the timer's once its closing bell has rung out).
///
/// At night (the dimming hours) the screen is dimmed like every other and, as every screen, never
/// lights a dark panel: only a button does. It is not said at night, nor while a sleep timer
/// still runs: whoever drifted off in the practice is not woken by a voice. When it goes, the
/// idle screen (the night face at night) is back.
extension Box {
    /// Kinds of item whose end is a practice completed.
    static let practiceKinds: Set<ContentKind> = [.meditation, .yogaNidra, .breathing]

    /// The meditation timer ran out (its closing bell rings now).
    mutating func timerCompleted(_ session: TimerSession, at now: Moment) {
        show(Completion(subject: config.words(.meditationTimer), seconds: session.length, cycles: session.guide?.cycles,
                        pattern: session.guide.map { BreathStep.name($0.pattern, in: config.language) },
                        speakAt: now.uptime + Completion.afterBellSeconds), at: now)
    }

    /// `item` played to its end (the box goes quiet, or on with the bed of a sleep timer).
    mutating func itemCompleted(_ item: ContentItem, at now: Moment) {
        guard Box.practiceKinds.contains(item.kind) else { return }
        show(Completion(subject: item.title, seconds: item.duration, cycles: item.breathing?.cycles,
                        pattern: item.breathing?.patternText(config.language), speakAt: now.uptime), at: now)
    }

    /// Shows `completion` for a minute over the idle screen or a passing notice (never over the
    /// pages, the timer choice or the reminder's note, which the owner is busy with).
    private mutating func show(_ completion: Completion, at now: Moment) {
        switch state.overlay {
        case nil, .volume?, .message?, .timeLeft?, .completion?: break
        case .pages?, .timerChoice?, .reminder?, .comingSoon?: return
        }
        var c = completion
        if !config.menu.speakMenus || isNight(now.wall) || state.timer != nil { c.speakAt = nil }
        state.overlay = .completion(c, until: now.uptime + Completion.shownSeconds)
    }

    /// Minutes as the screen shows them: whole, at least 1.
    private func completionMinutes(_ c: Completion) -> Int { max(1, Int((c.seconds / 60).rounded())) }

    /// The streak after the session (its record is in the history by the time this is asked).
    private func completionStreak(at now: Moment) -> Int { historyStats.currentStreak(tonight: tonight(at: now)) }

    /// The breath cycles' line, when a guide ran.
    private func completionCycles(_ c: Completion) -> String? {
        guard let n = c.cycles, n > 0, let pattern = c.pattern else { return nil }
        return config.words(n == 1 ? .completionCycle : .completionCycles, ["n": String(n), "pattern": pattern])
    }

    private func completionStreakLine(at now: Moment) -> String? {
        let streak = completionStreak(at: now)
        guard streak > 0 else { return nil }
        return config.words(streak == 1 ? .completionStreakOne : .completionStreak, ["n": String(streak)])
    }

    /// The completion screen of `c` at `now`.
    func completionScreen(_ c: Completion, at now: Moment) -> CompletionScreen {
        let words = config.words
        var lines = [words.table.timerLabel(.minutes(Double(completionMinutes(c))), in: config.language)]
        if let cycles = completionCycles(c) { lines.append(cycles) }
        if let streak = completionStreakLine(at: now) { lines.append(streak) }
        return CompletionScreen(title: words(.wellDone), subject: c.subject, lines: lines)
    }

    /// The summary as it is said: "Well done. Meditation timer, 10 minutes. 28 cycles of 4-7-8.
    /// Streak: 3 nights."
    func completionSpoken(_ c: Completion, at now: Moment) -> String {
        let words = config.words
        let minutes = completionMinutes(c)
        var parts = [words(.wellDone),
                     c.subject + ", " + (minutes == 1 ? words(.completionMinuteSpoken)
                                         : words(.completionMinutesSpoken, ["minutes": String(minutes)]))]
        if let cycles = completionCycles(c) { parts.append(cycles) }
        if let streak = completionStreakLine(at: now) { parts.append(streak) }
        return parts.joined(separator: ". ") + "."
    }

    /// A guided session's phase as the playing screen shows it.
    func phaseName(_ phase: GuidedPhase) -> String {
        switch phase {
        case .opening: return config.words(.phaseOpening)
        case .teaching: return config.words(.phaseTeaching)
        case .silence: return config.words(.phaseSilence)
        case .closing: return config.words(.phaseClosing)
        }
    }

    /// The uptime the shown summary is to be said, if it is still to be.
    var completionSpeechDue: Double? {
        guard case .completion(let c, _)? = state.overlay else { return nil }
        return c.speakAt
    }

    /// The summary's time to be said: said once.
    mutating func speakCompletion(at now: Moment, into out: inout [Command]) {
        guard case .completion(var c, let until)? = state.overlay, c.speakAt != nil else { return }
        c.speakAt = nil
        state.overlay = .completion(c, until: until)
        out.append(.speakMenu(completionSpoken(c, at: now)))
    }

    /// A button pressed on the completion screen only dismisses it.
    mutating func dismissCompletion(_ b: Button) -> Bool {
        guard case .completion? = state.overlay else { return false }
        state.pressed[b] = .used
        state.overlay = nil
        return true
    }
}
