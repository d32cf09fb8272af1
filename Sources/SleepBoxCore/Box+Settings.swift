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
            editor.turn(steps, daysInMonth: daysInMonth)
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

    // MARK: What the screens show

    func settingsScreen(_ page: SettingsPage, at now: Moment) -> Screen {
        let words = config.words
        switch page {
        case .alarmList(let selected, _):
            var rows = [MenuRow(kind: .back, label: words(.back))]
            for (slot, alarm) in state.alarms.enumerated() {
                rows.append(alarmRow(slot, alarm))
            }
            return .menu(MenuScreen(title: words(.alarms), rows: rows, selected: selected))
        case .alarmEditor(let editor):
            return .menu(MenuScreen(title: words(.alarmNumber, ["n": String(editor.slot + 1)]), rows: editorRows(editor),
                                    selected: editor.row.rawValue))
        case .list(let group, let selected):
            let rows = settingsRows(group).map { settingsRow($0) }
            let title: String
            switch group {
            case nil: title = words(.settings)
            case .clock?: title = words(.clock)
            case .display?: title = words(.display)
            case .sound?: title = words(.sound)
            case .general?: title = words(.settings)
            }
            return .menu(MenuScreen(title: title, rows: rows, selected: selected))
        case .value(let key, let index, _):
            guard let setting = OwnerSetting.named(key), setting.values.indices.contains(index) else {
                return .menu(MenuScreen(title: words(.settings), rows: [], selected: 0))
            }
            // The value's neighbours around it, the chosen one selected.
            let rows = setting.values.map { MenuRow(kind: .category, label: setting.display($0, words)) }
            return .menu(MenuScreen(title: words(setting.label), rows: rows, selected: index))
        case .clock(let editor):
            func mark(_ text: String, _ field: ClockEditor.Field) -> String { editor.field == field ? "[" + text + "]" : text }
            let date = mark(String(editor.year), .year) + "-" + mark(twoDigits(editor.month), .month) + "-"
                + mark(twoDigits(editor.day), .day)
            let time = mark(twoDigits(editor.hour), .hour) + ":" + mark(twoDigits(editor.minute), .minute)
            let onDate = editor.field.rawValue <= ClockEditor.Field.day.rawValue
            return .menu(MenuScreen(title: words(.dateAndTime), rows: [
                MenuRow(kind: .category, label: words(.date), detail: date),
                MenuRow(kind: .category, label: words(.time), detail: time),
            ], selected: onDate ? 0 : 1, hint: clock.timeZone.identifier))
        case .about:
            let a = state.about
            let dash = "-"
            let clockText: String
            switch state.clockSource {
            case .ntp: clockText = words(.clockSynchronised)
            case .rtc: clockText = words(.clockFromRTC)
            case .setByHand: clockText = words(.clockSetByHand)
            case .untrusted: clockText = words(.clockNotSynchronised)
            }
            return .menu(MenuScreen(title: words(.about), rows: [
                MenuRow(kind: .category, label: words(.version), detail: a.version ?? dash),
                MenuRow(kind: .category, label: words(.freeSpace), detail: a.freeBytes.map(Box.sizeText) ?? dash),
                MenuRow(kind: .category, label: words(.clockSource), detail: clockText),
                MenuRow(kind: .category, label: words(.lastNight), detail: lastNightText(at: now) ?? a.lastNight ?? dash),
            ], selected: -1))
        case .nights:
            return .nightStats(nightStatsScreen(at: now))
        case .calendar(let back):
            return .calendar(calendarScreen(back, at: now))
        case .mixList(let selected):
            return mixListScreen(selected)
        case .mixEditor(let editor):
            return mixEditorScreen(editor)
        }
    }

    /// "1.2 GB", "350 MB".
    static func sizeText(_ bytes: Int64) -> String {
        let gb = Double(bytes) / 1e9
        if gb >= 1 { return String(Int(gb)) + "." + String(Int((gb * 10).rounded(.down)) % 10) + " GB" }
        return String(Int((Double(bytes) / 1e6).rounded())) + " MB"
    }

    /// One alarm in the list: "06:45 Weekdays" and on/off/skip.
    func alarmRow(_ slot: Int, _ alarm: AlarmSettings?) -> MenuRow {
        let words = config.words
        guard let alarm else {
            return MenuRow(kind: .category, label: words(.alarmNumber, ["n": String(slot + 1)]), detail: words(.notSet))
        }
        let state = !alarm.isEnabled ? words(.off) : alarm.skipNext ? words(.skipMark) : words(.on)
        return MenuRow(kind: .category, label: clockText(hour: alarm.hour, minute: alarm.minute) + " " + daysText(alarm.weekdays),
                       detail: state)
    }

    /// The days as the screens say them: "Every day", "Weekdays", "Weekend", or "Mon Wed Fri".
    public func daysText(_ days: Set<Int>) -> String {
        let words = config.words
        switch AlarmEditor.dayWord(days) {
        case "daily": return words(.everyDay)
        case "weekdays": return words(.weekdaysGroup)
        case "weekends": return words(.weekendGroup)
        default:
            // Monday first, as a week reads.
            return [2, 3, 4, 5, 6, 7, 1].filter(days.contains)
                .map { words.table.weekday($0, in: config.language, short: true) }.joined(separator: " ")
        }
    }

    func editorRows(_ e: AlarmEditor) -> [MenuRow] {
        let words = config.words
        let a = e.draft
        let b = config.alarmBehaviour
        func mark(_ text: String, _ open: Bool) -> String { open ? "<" + text + ">" : text }
        let hour = e.field == .hour ? "[" + twoDigits(a.hour) + "]" : twoDigits(a.hour)
        let minute = e.field == .minute ? "[" + twoDigits(a.minute) + "]" : twoDigits(a.minute)
        var days = daysText(a.weekdays)
        if case .days(let i)? = e.field {
            let word = AlarmEditor.dayChoices[i]
            switch word {
            case "done": days = "<" + words(.done) + ">"
            case "daily": days = "<" + words(.everyDay) + ">"
            case "weekdays": days = "<" + words(.weekdaysGroup) + ">"
            case "weekends": days = "<" + words(.weekendGroup) + ">"
            default:
                let day = AlarmDays.days(for: word)?.first ?? 1
                days = "<" + words.table.weekday(day, in: config.language, short: true) + (a.weekdays.contains(day) ? " x>" : " ->")
            }
        }
        let valueOpen = e.field == .value
        let sound = mark(soundName(a.sound ?? "chime"), valueOpen && e.row == .sound)
        let ramp = mark(lengthText(seconds: a.rampSeconds ?? b.rampSeconds), valueOpen && e.row == .ramp)
        let snooze = mark(config.words.table.timerLabel(.minutes(a.snoozeMinutes ?? b.snoozeMinutes), in: config.language),
                          valueOpen && e.row == .snooze)
        let volume = mark(String(a.volume ?? Int((b.alarmVolume * 100).rounded())) + "%", valueOpen && e.row == .volume)
        return [
            MenuRow(kind: .category, label: words(.alarmTime), detail: hour + ":" + minute),
            MenuRow(kind: .category, label: words(.alarmDays), detail: days),
            MenuRow(kind: .category, label: words(.alarmActive), detail: words(a.isEnabled ? .on : .off)),
            MenuRow(kind: .category, label: words(.skipNext), detail: words(a.skipNext ? .on : .off)),
            MenuRow(kind: .category, label: words(.wakeSound), detail: sound),
            MenuRow(kind: .category, label: words(.rampLength), detail: ramp),
            MenuRow(kind: .category, label: words(.snoozeLength), detail: snooze),
            MenuRow(kind: .category, label: words(.alarmVolume), detail: volume),
            MenuRow(kind: .category, label: words(.save)),
        ]
    }

    func settingsRow(_ row: SettingsRow) -> MenuRow {
        let words = config.words
        switch row {
        case .back: return MenuRow(kind: .back, label: words(.back))
        case .alarms:
            let on = state.alarms.compactMap { $0 }.filter(\.isEnabled).count
            return MenuRow(kind: .category, label: words(.alarms), detail: String(on))
        case .group(let g):
            let key: StringTable.Key
            switch g {
            case .clock: key = .clock
            case .display: key = .display
            case .sound: key = .sound
            case .general: key = .settings
            }
            return MenuRow(kind: .category, label: words(key), detail: ">")
        case .setClock:
            return MenuRow(kind: .category, label: words(.dateAndTime), detail: ">")
        case .setting(let key):
            guard let s = OwnerSetting.named(key) else { return MenuRow(kind: .category, label: key) }
            return MenuRow(kind: .category, label: words(s.label), detail: s.display(s.value(in: config), words))
        case .about:
            return MenuRow(kind: .category, label: words(.about), detail: ">")
        case .mixes:
            return MenuRow(kind: .category, label: words(.myMixes), detail: String(state.ownerMixes.count))
        }
    }

    /// A wake sound's name on the screen.
    func soundName(_ sound: String) -> String {
        let words = config.words
        switch sound {
        case "rain": return words(.soundRain)
        case "ocean": return words(.soundOcean)
        case "forest": return words(.soundForest)
        case "pink": return words(.soundPink)
        case "brown": return words(.soundBrown)
        case "white": return words(.soundWhite)
        default: return words(.soundChime)
        }
    }

    /// "30 s", "2 min".
    func lengthText(seconds: Double) -> String {
        seconds < 60 ? "\(Int(seconds)) s" : config.words.table.timerLabel(.minutes(seconds / 60), in: config.language)
    }

    /// Days in a month of a year (the Gregorian calendar).
    func daysInMonth(_ year: Int, _ month: Int) -> Int {
        LocalClock.daysInMonth(year: year, month: month)
    }

    func nearestIndex(_ setting: OwnerSetting, _ value: String) -> Int {
        guard let n = Double(value) else { return 0 }
        return setting.values.indices.min { abs((Double(setting.values[$0]) ?? 0) - n) < abs((Double(setting.values[$1]) ?? 0) - n) } ?? 0
    }
}
