import Foundation

/// The settings lists' rows, and skip held on the idle screen. The pages themselves are in
/// `Pages/` (`SettingsListPage`, `ValuePage`, `ClockPage`, `AboutPage`, the alarm list and editor).
extension Box {
    /// The rows of a settings list.
    public func settingsRows(_ group: SettingsGroup?) -> [SettingsRow] {
        guard let group else {
            return [.back, .alarms, .group(.clock), .group(.display), .group(.sound)]
                + OwnerSetting.inGroup(.general).map { .setting($0.key) } + [.connect, .about]
        }
        return [.back] + (group == .clock ? [.setClock] : []) + OwnerSetting.inGroup(group).map { .setting($0.key) }
            + (group == .sound ? [.mixes] : [])
    }

    /// Skip held on the idle screen: the next alarm skips its next ring, or rings again when it
    /// was to skip it; a message says which.
    mutating func toggleNextAlarm(at now: Moment, into out: inout [Command]) {
        let words = config.words
        let until = now.uptime + config.display.messageSeconds * 2
        // The next instant of any alarm that is on, whether or not it is to be skipped.
        var next: (instant: Double, slot: Int)? = nil
        for (slot, alarm) in state.alarms.enumerated() {
            guard let alarm, alarm.isEnabled, let t = AlarmSchedule(settings: alarm, clock: clock).instant(after: now.wall) else { continue }
            if next == nil || t < next!.instant { next = (t, slot) }
        }
        guard let next, var alarm = state.alarms[next.slot] else {
            state.overlay = .message(words(.noAlarmSet), until: until)
            return
        }
        alarm.skipNext.toggle()
        state.alarms[next.slot] = alarm
        let f = clock.fields(next.instant)
        let values = ["weekday": words.table.weekday(f.weekday, in: config.language, short: true),
                      "time": clockText(hour: f.hour, minute: f.minute)]
        state.overlay = .message(words(alarm.skipNext ? .alarmSkipped : .alarmBackOn, values), until: until)
        if config.audio.confirmationCues { out.append(.playCue(.tick)) }
    }
}
