/// The night itself: between the display's night hours the idle screen shows the night face
/// (`[display] night_face`): no digits by default, or the time in large digits. A short press of
/// skip there shows for a few seconds only how long is left until the alarm, rounded, never the
/// minute ("About 2 hours until your alarm"), and says it softly with spoken menus on; a second
/// press while it shows does what skip does on the idle screen. The morning face (the usual
/// clock) comes back with the alarm's dawn, or an hour before an alarm without one, and stays
/// once an alarm has rung that night.
///
/// On the clock, with nothing to skip to (the box off), a press of skip says the time and the
/// next alarm with spoken menus on ("It is ten past three. Your alarm is at a quarter to seven.").
extension Box {
    /// How long the time left shows after a press of skip on the night face.
    public static let timeLeftSeconds = 5.0
    /// The morning face begins this long before an alarm without a dawn.
    public static let morningLeadSeconds = 3600.0

    /// The face the idle screen shows at `now`.
    public func idleFace(at now: Moment) -> IdleFace {
        let face = config.display.nightFace
        guard face != .clock, isNight(now.wall), !isMorning(at: now) else { return .clock }
        return face == .largeClock ? .largeClock : .night
    }

    /// The morning has begun: an alarm rang since the night began, or the next alarm's dawn has
    /// begun (an hour before it, for an alarm without a dawn).
    func isMorning(at now: Moment) -> Bool {
        if let rang = state.alarmLog.lastRang, rang <= now.wall, let start = nightStart(atOrBefore: now.wall), rang >= start {
            return true
        }
        guard let next = nextAlarmSlot(after: now.wall), let alarm = state.alarms[next.slot] else { return false }
        let dawn = config.light.isPresent && !alarm.skipNext && (alarm.dawn ?? config.light.dawn)
        let lead = dawn ? dawnSeconds(alarm) : Box.morningLeadSeconds
        return now.wall >= next.instant - lead
    }

    /// The last wall time the display's night began, at or before `wall`.
    func nightStart(atOrBefore wall: Double) -> Double? {
        var latest: Double?
        for offset in -1...0 {
            guard let day = clock.day(of: wall, offset: offset),
                  let t = clock.wall(year: day.year, month: day.month, day: day.day, hour: config.display.dimFromHour, minute: 0),
                  t <= wall else { continue }
            latest = max(latest ?? t, t)
        }
        return latest
    }

    /// How long until the next alarm, rounded and never to the minute: "Plenty of time" (4½ hours
    /// or more), "About 3 hours until your alarm", "About an hour until your alarm", "Your alarm is
    /// in 20 minutes" (in tens of minutes; fives under ten), or "No alarm set".
    public func timeLeftText(at now: Moment) -> String {
        let words = config.words
        guard let ring = nextAlarm(after: now.wall) else { return words(.noAlarmSet) }
        let minutes = (ring - now.wall) / 60
        if minutes >= 270 { return words(.timeLeftPlenty) }
        if minutes >= 90 { return words(.timeLeftHours, ["hours": String(Int((minutes / 60).rounded()))]) }
        if minutes >= 50 { return words(.timeLeftHour) }
        let rounded = minutes >= 10 ? Int((minutes / 10).rounded()) * 10 : max(5, Int((minutes / 5).rounded()) * 5)
        return words(.timeLeftMinutes, ["minutes": String(rounded)])
    }

    /// The time and the next alarm as a person says them: "It is ten past three. Your alarm is at
    /// a quarter to seven." (further than a day: "on Monday at ..."; none: "No alarm is set.").
    public func spokenTimeText(at now: Moment) -> String {
        let words = config.words
        let f = clock.fields(now.wall)
        let language = config.language
        let time = words(.spokenTimeNow, ["time": SpokenTime.conversational(hour: f.hour, minute: f.minute, in: language)])
        guard let ring = nextAlarm(after: now.wall) else { return time + " " + words(.spokenNoAlarm) }
        let a = clock.fields(ring)
        let at = SpokenTime.conversational(hour: a.hour, minute: a.minute, in: language)
        if ring - (now.wall / 60).rounded(.down) * 60 >= 24 * 3600 {
            return time + " " + words(.spokenAlarmOnDay, ["weekday": words.table.weekday(a.weekday, in: language), "time": at])
        }
        return time + " " + words(.spokenAlarmAt, ["time": at])
    }

    /// A short press of skip on the idle screen (nothing playing, no timer session). Returns
    /// true when it told the time, false when skip is to do what it always does.
    mutating func skipPressedOnIdle(at now: Moment, into out: inout [Command]) -> Bool {
        guard state.phase == .idle, state.session == nil, isIdleScreenShown else { return false }
        if idleFace(at: now) == .night {
            if case .timeLeft? = state.overlay { return false }
            state.overlay = .timeLeft(until: now.uptime + Box.timeLeftSeconds)
            if config.menu.speakMenus { out.append(.speakMenu(timeLeftText(at: now))) }
            return true
        }
        guard state.mode == .off else { return false }
        if config.menu.speakMenus { out.append(.speakMenu(spokenTimeText(at: now))) }
        return true
    }

    /// The idle screen's notice of the missed alarm still untold, if any.
    func missedAlarmNotice() -> MissedAlarmNotice? {
        guard let missed = state.alarmLog.untold else { return nil }
        let words = config.words
        let f = clock.fields(missed.instant)
        var time = clockText(hour: f.hour, minute: f.minute)
        if let checked = state.alarmLog.checkedUntil, case let c = clock.fields(checked), (c.year, c.month, c.day) != (f.year, f.month, f.day) {
            time = words.table.weekday(f.weekday, in: config.language, short: true) + " " + time
        }
        return MissedAlarmNotice(title: words(.alarmMissed, ["time": time]),
                                 reason: words(missed.clockWasUntrusted ? .missedClockUnset : .missedBoxOff))
    }
}
