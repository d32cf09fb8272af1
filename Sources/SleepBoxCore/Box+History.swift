/// The history: the core says what happened (`Command.record`), the runner's store writes it.
/// A session is an item heard, or a meditation timer or a nap, from start to end; the one being
/// heard is `BoxState.openSession` (saved in the snapshot), so one cut by a crash is closed at the
/// next start as `crash` with the time heard up to the last save. The nights' statistics, the
/// calendar and the about screen's last night are drawn from `BoxState.history`.
extension Box {
    /// What a session is of: an item, or a timer (by its start).
    enum SessionSubject: Equatable {
        case item(ItemID)
        case timer(TimerSession.Kind, started: Double)
    }

    static func subject(of state: BoxState) -> SessionSubject? {
        if let p = state.playback { return .item(p.item) }
        if let t = state.session { return .timer(t.kind, started: t.started) }
        return nil
    }

    /// Sound is heard: an item playing, crossfading in or fading out, or a timer running.
    static func isHeard(_ state: BoxState) -> Bool {
        state.phase.isContentSounding || (state.playback == nil && state.session != nil)
    }

    /// After an event: closes the session that ended (with how it ended), opens the one that
    /// began, and keeps the time heard.
    mutating func trackHistory(from prior: BoxState, event: Event?, at now: Moment, into out: inout [Command]) {
        let before = Box.subject(of: prior)
        let after = Box.subject(of: state)
        if before != after, let open = state.openSession {
            let heard = open.heard(at: now.uptime)
            let (ending, cycles) = howEnded(prior: prior, subject: before, event: event, at: now)
            record(.session(open.record(endedAt: now.wall, offset: clock.offset(now.wall), heard: heard, ending: ending,
                                        cycles: cycles)), into: &out)
            state.openSession = nil
        }
        if before != after, let after { openSession(after, at: now) }
        guard var open = state.openSession else { return }
        let heard = Box.isHeard(state)
        if heard, open.runningSince == nil {
            open.runningSince = now.uptime
        } else if !heard, let since = open.runningSince {
            open.heard += max(0, now.uptime - since)
            open.runningSince = nil
        }
        state.openSession = open
    }

    private mutating func openSession(_ subject: SessionSubject, at now: Moment) {
        let words = config.words
        switch subject {
        case .item(let id):
            let item = catalog.item(id)
            state.openSession = OpenSession(itemID: id, kind: item?.kind.rawValue ?? "item", title: item?.title ?? id,
                                            startedAt: now.wall, startOffset: clock.offset(now.wall))
        case .timer(let kind, _):
            let length = state.session?.length ?? 0
            state.openSession = OpenSession(itemID: kind == .meditation ? "meditation-timer" : "nap",
                                            kind: kind == .meditation ? "meditationTimer" : "nap",
                                            title: words(kind == .meditation ? .meditationTimer : .nap),
                                            startedAt: now.wall, startOffset: clock.offset(now.wall),
                                            timerMinutes: (length / 60 * 1000).rounded() / 1000)
        }
    }

    /// How the session of `subject` ended, and the breathing cycles done in it.
    private func howEnded(prior: BoxState, subject: SessionSubject?, event: Event?, at now: Moment) -> (SessionEnding, Int?) {
        switch subject {
        case .item(let id)?:
            let item = catalog.item(id)
            var position = item?.duration ?? 0
            var ending = SessionEnding.stopped
            if case .fadingOut(let p, _, _, let reason) = prior.phase {
                position = p.position
                ending = reason == .sleepTimer ? .sleepTimer : .stopped
            } else if event == .itemFinished(id) {
                ending = .finished
            } else {
                if let p = prior.playback, let item {
                    position = p.position(at: now.uptime, running: prior.phase.isRunning, duration: item.duration)
                }
                if state.playback != nil || state.phase.isTransitioning { ending = .skipped }
            }
            var cycles: Int? = nil
            if let guide = item?.breathing, guide.cycleSeconds > 0 {
                cycles = min(guide.cycles, max(0, Int(((position - guide.startsAt) / guide.cycleSeconds + 1e-9).rounded(.down))))
            }
            return (ending, cycles)
        case .timer?:
            guard let session = prior.session else { return (.stopped, nil) }
            let ranOut = now.uptime >= session.ends - 1e-6
            var cycles: Int? = nil
            if let guide = session.guide, guide.cycleSeconds > 0 {
                let elapsed = min(now.uptime, session.ends) - session.started
                cycles = min(guide.cycles, max(0, Int(((elapsed - guide.startsAt) / guide.cycleSeconds + 1e-9).rounded(.down))))
            }
            return (ranOut ? .finished : .stopped, cycles)
        case nil:
            return (.stopped, nil)
        }
    }

    /// Keeps a record and hands it to the store.
    mutating func record(_ r: HistoryRecord, into out: inout [Command]) {
        state.history.add(r)
        out.append(.record(r))
    }

    /// Something of the night happened now (`planned`: the time an alarm was set for).
    mutating func recordNight(_ kind: NightEvent.Kind, at now: Moment, planned: Double? = nil, into out: inout [Command]) {
        record(.event(NightEvent(kind: kind, at: now.wall, offset: clock.offset(now.wall), planned: planned)), into: &out)
    }

    /// At start: whether the snapshot's open session is the meditation timer's or the nap's that
    /// the restore takes up again (it started before `now` and ends after it). That session goes
    /// on as one, with the time heard up to the save, rather than closing as `crash` beside a
    /// second one.
    func continuesTimerSession(_ s: Snapshot, at now: Moment) -> Bool {
        guard let open = s.openSession, let session = s.session else { return false }
        let id = session.kind == .meditation ? "meditation-timer" : "nap"
        let elapsed = now.wall - session.startedAt
        return open.itemID == id && elapsed >= 0 && elapsed < session.length
    }

    /// At start: a session the snapshot still had open was cut by a crash or a power cut. It is
    /// closed at the save's time with the time heard up to then.
    mutating func closeCrashedSession(_ s: Snapshot, into out: inout [Command]) {
        guard let open = s.openSession else { return }
        record(.session(open.record(endedAt: s.savedAt, offset: clock.offset(s.savedAt), heard: open.heard, ending: .crash,
                                    cycles: nil)), into: &out)
    }

    // MARK: The nights' screens

    /// The statistics over the box's history, with the configured streak length.
    public var historyStats: HistoryStats { HistoryStats(state.history, streakMinutes: config.history.streakMinutes) }

    /// Tonight's night at `now` (noon to noon, local).
    func tonight(at now: Moment) -> CivilDay { HistoryStats.night(of: now.wall, offset: clock.offset(now.wall)) }

    /// The statistics: this week and the last 30 days, or (`allTime`) all time.
    func nightStatsScreen(allTime: Bool = false, at now: Moment) -> NightStatsScreen {
        let words = config.words
        let stats = historyStats
        let tonight = tonight(at: now)
        let periods = allTime ? [stats.allTime(tonight: tonight)] : [stats.week(tonight: tonight), stats.lastDays(30, tonight: tonight)]
        func bedtime(_ p: HistoryStats.Period) -> String {
            p.averageBedtime.map { clockText(hour: $0 / 60, minute: $0 % 60) } ?? "-"
        }
        let nights: [String] = periods.map { String($0.nights) }
        let minutes: [String] = periods.map { String($0.minutes) }
        let sessions: [String] = periods.map { String($0.sessions) }
        let streaks: [String] = periods.map { String($0.currentStreak) }
        let longest: [String] = periods.map { String($0.longestStreak) }
        let bedtimes: [String] = periods.map(bedtime)
        var rows: [(label: String, values: [String])] = []
        rows.append((words(.statsNights), nights))
        rows.append((words(.statsMinutes), minutes))
        rows.append((words(.statsSessions), sessions))
        rows.append((words(.statsStreak), streaks))
        rows.append((words(.statsLongest), longest))
        rows.append((words(.statsBedtime), bedtimes))
        let columns = allTime ? [words(.statsAllTime)] : [words(.statsWeek), words(.stats30Days)]
        return NightStatsScreen(title: words(.nights), columns: columns, rows: rows)
    }

    /// The statistics as they are said aloud.
    func nightStatsSpoken(allTime: Bool = false, at now: Moment) -> String {
        let words = config.words
        let stats = historyStats
        let tonight = tonight(at: now)
        let periods: [(String, HistoryStats.Period)] = allTime ? [(words(.statsAllTime), stats.allTime(tonight: tonight))]
            : [(words(.thisWeek), stats.week(tonight: tonight)), (words(.last30Days), stats.lastDays(30, tonight: tonight))]
        var parts: [String] = []
        for (name, p) in periods {
            var values: [String: String] = ["period": name, "nights": String(p.nights), "minutes": String(p.minutes)]
            values["sessions"] = String(p.sessions)
            values["streak"] = String(p.currentStreak)
            values["longest"] = String(p.longestStreak)
            values["bedtime"] = p.averageBedtime.map { clockText(hour: $0 / 60, minute: $0 % 60) } ?? "-"
            parts.append(words(.statsSpoken, values))
        }
        return parts.joined(separator: ". ")
    }

    /// Where the calendar's cursor may go: from the first day of the month of the first night
    /// with a session (tonight's month when there is none) through tonight's night.
    func calendarCursorRange(at now: Moment) -> ClosedRange<CivilDay> {
        let tonight = tonight(at: now)
        let first = min(state.history.nightIndex.nights.first?.day ?? tonight, tonight).fields
        return CivilDay(year: first.year, month: first.month, day: 1)...tonight
    }

    /// The minutes heard in the night `day` (all its sessions, whole minutes).
    func minutesHeard(night day: CivilDay) -> Int {
        let heard = state.history.nightIndex.nights.last { $0.day == day }?.heardSeconds ?? 0
        return Int((heard / 60).rounded(.down))
    }

    /// The month of the night under `cursor`, the cursor on it, and that night's minutes.
    func calendarScreen(cursor: CivilDay, at now: Moment) -> CalendarScreen {
        let words = config.words
        let (year, month, day) = cursor.fields
        let first = CivilDay(year: year, month: month, day: 1)
        let days = LocalClock.daysInMonth(year: year, month: month)
        let marked = Set(historyStats.countedNights.filter { $0 >= first && $0.number < first.number + days }
            .map { $0.number - first.number + 1 })
        let today = clock.fields(now.wall)
        let range = calendarCursorRange(at: now)
        let monthName = words.table.month(month, in: config.language)
        return CalendarScreen(title: String(monthName.prefix(3)) + " " + String(year),
                              weekdays: words(.weekdayLetters).split(separator: " ").map(String.init),
                              firstWeekday: first.isoWeekday, days: days, marked: marked,
                              today: today.year == year && today.month == month ? today.day : nil,
                              hasEarlier: range.lowerBound < first, hasLater: range.upperBound.number >= first.number + days,
                              cursor: day, cursorText: words(.calendarMinutes, ["minutes": String(minutesHeard(night: cursor))]),
                              monthName: monthName + " " + String(year))
    }

    /// The night under the cursor said aloud: "30 November: 42 minutes".
    func calendarDaySpoken(_ cursor: CivilDay) -> String {
        let (_, month, day) = cursor.fields
        return config.words(.calendarDaySpoken, ["day": String(day), "month": config.words.table.month(month, in: config.language),
                                                 "minutes": String(minutesHeard(night: cursor))])
    }

    /// The about screen's last night: "Body Scan, 22:41 -> asleep by the timer, woke 06:52 after
    /// 1 snooze"; nil before the first.
    public func lastNightText(at now: Moment) -> String? {
        guard let n = historyStats.lastNight(now: now.wall, offset: clock.offset(now.wall)) else { return nil }
        let words = config.words
        let ending: StringTable.Key
        switch n.ending {
        case .finished: ending = .endedFinished
        case .sleepTimer: ending = .endedSleepTimer
        case .stopped: ending = .endedStopped
        case .skipped: ending = .endedSkipped
        case .crash: ending = .endedCrash
        }
        var text = words(.lastNightLine, ["title": n.title, "start": clockText(hour: n.startHour, minute: n.startMinute),
                                          "ending": words(ending)])
        if let h = n.wokeHour, let m = n.wokeMinute {
            text += words(.lastNightWoke, ["time": clockText(hour: h, minute: m)])
            if n.snoozes == 1 { text += words(.lastNightSnooze) }
            if n.snoozes > 1 { text += words(.lastNightSnoozes, ["n": String(n.snoozes)]) }
        }
        return text
    }
}
