import Foundation

/// The alarms and the settings on the box: a knob press on the idle screen opens the alarm list,
/// the library menu's last rows open the alarms and the settings. Turning moves or changes, a
/// press opens or commits, holding the knob goes back without committing; any other button
/// closes the screens and acts as usual. Nothing changes until a commit (an editor's "Save", a
/// value's press, the clock's last press).
extension Box {
    // MARK: Opening and closing

    mutating func openSettings(_ page: SettingsPage, at now: Moment) {
        state.overlay = .settings(page, until: now.uptime + config.menu.closeAfterSeconds)
    }

    /// The rows of a settings list.
    public func settingsRows(_ group: SettingsGroup?) -> [SettingsRow] {
        guard let group else {
            return [.back, .alarms, .group(.clock), .group(.display), .group(.sound)]
                + OwnerSetting.inGroup(.general).map { .setting($0.key) } + [.about]
        }
        return [.back] + (group == .clock ? [.setClock] : []) + OwnerSetting.inGroup(group).map { .setting($0.key) }
            + (group == .sound ? [.mixes] : [])
    }

    // MARK: The knob

    /// The knob turned on a settings page.
    mutating func settingsTurned(_ page: SettingsPage, _ detents: Int, at now: Moment) {
        switch page {
        case .alarmList(let selected, let fromSettings):
            openSettings(.alarmList(selected: min(max(0, selected + detents), BoxConfig.alarmSlots), fromSettings: fromSettings), at: now)
        case .alarmEditor(var editor):
            let accelerate = editor.field == .hour || editor.field == .minute || editor.field == .value
            let steps = accelerate ? KnobAcceleration.steps(detents, gap: editor.lastTurn.map { now.uptime - $0 }) : detents
            editor.turn(steps, behaviour: config.alarmBehaviour)
            editor.lastTurn = now.uptime
            openSettings(.alarmEditor(editor), at: now)
        case .list(let group, let selected):
            let count = settingsRows(group).count
            openSettings(.list(group, selected: min(max(0, selected + detents), count - 1)), at: now)
        case .value(let key, let index, let lastTurn):
            guard let setting = OwnerSetting.named(key) else { return }
            let steps = KnobAcceleration.steps(detents, gap: lastTurn.map { now.uptime - $0 })
            openSettings(.value(key: key, index: min(max(0, index + steps), setting.values.count - 1), lastTurn: now.uptime), at: now)
        case .clock(var editor):
            let steps = KnobAcceleration.steps(detents, gap: editor.lastTurn.map { now.uptime - $0 })
            editor.turn(steps, daysInMonth: LocalClock.daysInMonth)
            editor.lastTurn = now.uptime
            openSettings(.clock(editor), at: now)
        case .about:
            break
        case .nights:
            openSettings(.calendar(monthsBack: 0), at: now)
        case .calendar(let back):
            openSettings(.calendar(monthsBack: min(max(0, back - detents), calendarDepth(at: now))), at: now)
        case .mixList(let selected):
            mixListTurned(selected, detents, at: now)
        case .mixEditor(let editor):
            mixEditorTurned(editor, detents, at: now)
        }
    }

    /// A short knob press on a settings page.
    mutating func settingsPressed(_ page: SettingsPage, at now: Moment, into out: inout [Command]) {
        switch page {
        case .alarmList(let selected, let fromSettings):
            guard selected > 0 else {
                if fromSettings { openSettings(.list(nil, selected: 1), at: now) } else { state.overlay = nil }
                return
            }
            let slot = selected - 1
            guard state.alarms.indices.contains(slot) else { return }
            openSettings(.alarmEditor(AlarmEditor(slot: slot, draft: state.alarms[slot] ?? AlarmEditor.newAlarm)), at: now)
        case .alarmEditor(var editor):
            if editor.press() {
                editAlarm(editor.draft, slot: editor.slot)
                openSettings(.alarmList(selected: editor.slot + 1, fromSettings: false), at: now)
                if config.audio.confirmationCues { out.append(.playCue(.tick)) }
            } else {
                editor.lastTurn = nil
                openSettings(.alarmEditor(editor), at: now)
            }
        case .list(let group, let selected):
            let rows = settingsRows(group)
            guard rows.indices.contains(selected) else { return }
            switch rows[selected] {
            case .back:
                if let group {
                    openSettings(.list(nil, selected: settingsRows(nil).firstIndex(of: .group(group)) ?? 0), at: now)
                } else {
                    state.overlay = nil
                }
            case .alarms:
                openSettings(.alarmList(selected: 1, fromSettings: true), at: now)
            case .group(let g):
                openSettings(.list(g, selected: min(1, settingsRows(g).count - 1)), at: now)
            case .setClock:
                openSettings(.clock(ClockEditor(from: clock.fields(now.wall))), at: now)
            case .setting(let key):
                guard let setting = OwnerSetting.named(key) else { return }
                let current = setting.value(in: config)
                openSettings(.value(key: key, index: setting.values.firstIndex(of: current) ?? nearestIndex(setting, current),
                                    lastTurn: nil), at: now)
            case .about:
                openSettings(.about, at: now)
            case .mixes:
                openSettings(.mixList(selected: 1), at: now)
            }
        case .value(let key, let index, _):
            guard let setting = OwnerSetting.named(key), setting.values.indices.contains(index) else { return }
            state.settings[key] = setting.values[index]
            applySettings()
            capVolumeAtNight(at: now, into: &out)
            openSettings(.list(setting.group == .general ? nil : setting.group,
                               selected: settingsRows(setting.group == .general ? nil : setting.group).firstIndex(of: .setting(key)) ?? 0),
                         at: now)
        case .clock(var editor):
            guard let next = ClockEditor.Field(rawValue: editor.field.rawValue + 1) else {
                guard let wall = clock.wall(year: editor.year, month: editor.month, day: editor.day, hour: editor.hour,
                                            minute: editor.minute) else { return }
                out.append(.setClock(wall: wall))
                state.overlay = .message(config.words(.clockSet), until: now.uptime + config.display.messageSeconds)
                return
            }
            editor.field = next
            editor.lastTurn = nil
            openSettings(.clock(editor), at: now)
        case .about:
            openSettings(.list(nil, selected: settingsRows(nil).firstIndex(of: .about) ?? 0), at: now)
        case .nights:
            openSettings(.calendar(monthsBack: 0), at: now)
        case .calendar:
            openSettings(.nights, at: now)
        case .mixList(let selected):
            mixListPressed(selected, at: now)
        case .mixEditor(let editor):
            mixEditorPressed(editor, at: now, into: &out)
        }
    }

    /// The knob held on a settings page: back one level, committing nothing.
    mutating func settingsHeld(_ page: SettingsPage, at now: Moment) {
        switch page {
        case .alarmList(_, let fromSettings):
            if fromSettings { openSettings(.list(nil, selected: 1), at: now) } else { state.overlay = nil }
        case .alarmEditor(let editor):
            openSettings(.alarmList(selected: editor.slot + 1, fromSettings: false), at: now)
        case .list(let group, _):
            if let group {
                openSettings(.list(nil, selected: settingsRows(nil).firstIndex(of: .group(group)) ?? 0), at: now)
            } else {
                state.overlay = nil
            }
        case .value(let key, _, _):
            let group = OwnerSetting.named(key).map { $0.group == .general ? nil : $0.group } ?? nil
            openSettings(.list(group, selected: settingsRows(group).firstIndex(of: .setting(key)) ?? 0), at: now)
        case .clock:
            openSettings(.list(.clock, selected: 1), at: now)
        case .about:
            openSettings(.list(nil, selected: settingsRows(nil).firstIndex(of: .about) ?? 0), at: now)
        case .nights, .calendar:
            openMenu(MenuPosition(category: nil, selected: topMenuRows.firstIndex(of: .category(.nights)) ?? 0), at: now)
        case .mixList:
            mixListHeld(at: now)
        case .mixEditor(let editor):
            mixEditorHeld(editor, at: now)
        }
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
