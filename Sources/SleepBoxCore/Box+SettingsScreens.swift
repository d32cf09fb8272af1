import Foundation

/// What the settings' screens show: the alarm rows and the editor's, the settings' rows, values in words.
extension Box {
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

    /// The days as the screens say them: "Every day", "Weekdays", "Weekend", or "Mon Wed Fri";
    /// three or more days in a row as a range ("Mon-Thu Sun"), so a row holds any choice.
    public func daysText(_ days: Set<Int>) -> String {
        let words = config.words
        switch AlarmEditor.dayWord(days) {
        case "daily": return words(.everyDay)
        case "weekdays": return words(.weekdaysGroup)
        case "weekends": return words(.weekendGroup)
        default:
            // Monday first, as a week reads.
            let week = [2, 3, 4, 5, 6, 7, 1]
            func name(_ day: Int) -> String { words.table.weekday(day, in: config.language, short: true) }
            var parts: [String] = []
            var i = 0
            while i < week.count {
                guard days.contains(week[i]) else { i += 1; continue }
                var end = i
                while end + 1 < week.count, days.contains(week[end + 1]) { end += 1 }
                parts += end - i >= 2 ? [name(week[i]) + "-" + name(week[end])] : week[i...end].map(name)
                i = end + 1
            }
            return parts.joined(separator: " ")
        }
    }

    func editorRows(_ e: AlarmEditor) -> [MenuRow] {
        let words = config.words
        let a = e.draft
        let b = config.alarmBehaviour
        func mark(_ text: String, _ open: Bool) -> String { open ? "<" + text + ">" : text }
        let hour = e.isTimeOpen(0) ? "[" + twoDigits(a.hour) + "]" : twoDigits(a.hour)
        let minute = e.isTimeOpen(1) ? "[" + twoDigits(a.minute) + "]" : twoDigits(a.minute)
        var days = daysText(a.weekdays)
        if case .days(let picker)? = e.field {
            let word = AlarmEditor.dayChoices[picker.index]
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
        let valueOpen = e.isValueOpen
        let sound = mark(soundName(a.sound ?? "chime"), valueOpen && e.row == .sound)
        let ramp = mark(lengthText(seconds: a.rampSeconds ?? b.rampSeconds), valueOpen && e.row == .ramp)
        let snooze = mark(config.words.table.timerLabel(.minutes(a.snoozeMinutes ?? b.snoozeMinutes), in: config.language),
                          valueOpen && e.row == .snooze)
        let volume = mark(String(a.volume ?? Int((b.alarmVolume * 100).rounded())) + "%", valueOpen && e.row == .volume)
        let dawnMinutes = (a.dawn ?? config.light.dawn) ? (a.dawnMinutes ?? config.light.dawnMinutes) : 0
        let dawn = mark(dawnMinutes > 0 ? config.words.table.timerLabel(.minutes(Double(dawnMinutes)), in: config.language) : words(.off),
                        valueOpen && e.row == .dawn)
        return [
            MenuRow(kind: .category, label: words(.alarmTime), detail: hour + ":" + minute),
            MenuRow(kind: .category, label: words(.alarmDays), detail: days),
            MenuRow(kind: .category, label: words(.alarmActive), detail: words(a.isEnabled ? .on : .off)),
            MenuRow(kind: .category, label: words(.skipNext), detail: words(a.skipNext ? .on : .off)),
            MenuRow(kind: .category, label: words(.wakeSound), detail: sound),
            MenuRow(kind: .category, label: words(.rampLength), detail: ramp),
            MenuRow(kind: .category, label: words(.snoozeLength), detail: snooze),
            MenuRow(kind: .category, label: words(.alarmVolume), detail: volume),
            MenuRow(kind: .category, label: words(.dawn), detail: dawn),
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
        case .connect:
            return MenuRow(kind: .category, label: words(.connect), detail: words(state.companion.enabled ? .on : .off))
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
}
