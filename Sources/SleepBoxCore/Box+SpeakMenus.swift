import Foundation

/// Eyes-free menus (`[voice] speak_menus`): each row and each setting's value the knob reaches is
/// said softly with the fast voice, so the box can be set in the dark without glasses.
///
/// The rule is one comparison: what the knob points at (`spokenFocus`) before and after each
/// input event. When it changed, the box says the new row; when the list itself changed (a menu
/// opened, a category was entered) it says the list's title first. A screen that has rows adds
/// one case to `spokenFocus`.
extension Box {
    /// What the knob points at: the list's title and the row's words, or nil when no list is open.
    struct SpokenFocus: Equatable {
        var list: String
        var row: String
    }

    /// The row under the knob at `now`, as it is said.
    func spokenFocus(at now: Moment) -> SpokenFocus? {
        switch state.overlay {
        case .pages(let stack, _)?:
            return stack.last.flatMap { spokenFocus($0, at: now) }
        case .timerChoice(let selected, _)?:
            let options = timerOptions
            guard options.indices.contains(selected) else { return nil }
            return SpokenFocus(list: config.words(.sleepTimer),
                               row: config.words.table.timerLabel(options[selected], in: config.language))
        default:
            return nil
        }
    }

    /// What the knob points at on `page`.
    private func spokenFocus(_ page: Page, at now: Moment) -> SpokenFocus? {
        switch page {
        case .nights(let nights):
            guard let cursor = nights.cursor else {
                return SpokenFocus(list: config.words(.nights), row: nightStatsSpoken(allTime: nights.allTime, at: now))
            }
            // The month is said as it is entered, then each night the cursor reaches.
            let screen = calendarScreen(cursor: cursor, at: now)
            return SpokenFocus(list: config.words(.calendar) + ". "
                                   + config.words(.calendarSpoken, ["month": screen.monthName, "count": String(screen.marked.count)]),
                               row: calendarDaySpoken(cursor))
        case .clock(let clock):
            return SpokenFocus(list: config.words(.dateAndTime), row: clockFieldSpoken(clock))
        case .alarmEditor(let editor):
            // The time's part: "Time, Hour 07", then "Time, Minute 30".
            guard case .time(let picker)? = editor.field else { return listFocus(page, at: now) }
            return SpokenFocus(list: config.words(.alarmNumber, ["n": String(editor.slot + 1)]),
                               row: config.words(.alarmTime) + ", " + timeFieldSpoken(picker))
        case .library, .timers:
            guard case .menu(let screen) = page.behaviour.screen(self, at: now) else { return nil }
            guard screen.rows.indices.contains(screen.selected) else { return SpokenFocus(list: screen.title, row: screen.hint ?? "") }
            let row = screen.rows[screen.selected]
            if row.kind == .setting {
                // A timer's setting with its value; while the knob changes it, the value alone
                // (a time: the part open, "Hour 22", "Minute 30"), so each turn and press says one.
                let value = (row.detail ?? "").filter { !"<>[]".contains($0) }.trimmingCharacters(in: .whitespaces)
                if case .timers(let timers) = page, let picker = timers.editing {
                    return SpokenFocus(list: screen.title, row: picker.fields.count == 2 ? timeFieldSpoken(picker) : value)
                }
                return SpokenFocus(list: screen.title, row: value.isEmpty ? row.label : row.label + ", " + value)
            }
            // A row that cannot be played says so; lengths and counts are left to the eyes.
            let words = row.isAvailable ? row.label : row.label + ", " + (row.detail ?? config.words(.soonMark))
            // A note in the title's place ("Favorite added") is said before the row, as news of the
            // same list: the list's name is not said again when the note goes.
            if case .library(let library) = page, let notice = library.notice, screen.title == notice {
                return SpokenFocus(list: config.words(.library), row: notice + ". " + words)
            }
            return SpokenFocus(list: screen.title, row: words)
        default:
            return listFocus(page, at: now)
        }
    }

    /// The alarms and the settings: each row with its value, which is what the knob changes.
    private func listFocus(_ page: Page, at now: Moment) -> SpokenFocus? {
        guard case .menu(let screen) = page.behaviour.screen(self, at: now) else { return nil }
        guard screen.rows.indices.contains(screen.selected) else { return SpokenFocus(list: screen.title, row: "") }
        let row = screen.rows[screen.selected]
        // A row that opens another list shows ">", one that adds "+": only its name is said.
        // The marks around a value being changed ("<-4 dB>", "[06]") are for the eyes.
        let value = row.detail.flatMap { $0 == ">" || $0 == "+" ? nil : $0 }
        let words = value.map { row.label + ", " + $0 } ?? row.label
        return SpokenFocus(list: screen.title, row: words.filter { !"<>[]".contains($0) })
    }

    /// The clock's open field as it is said: "Year, 2026", "Month, November", "Day, 23", "Hour, 22".
    private func clockFieldSpoken(_ clock: ClockEditor) -> String {
        let words = config.words
        switch clock.field {
        case .year: return words(.fieldYear) + ", " + String(clock.year)
        case .month: return words(.fieldMonth) + ", " + words.table.month(clock.month, in: config.language)
        case .day: return words(.fieldDay) + ", " + String(clock.day)
        case .hour: return words(.fieldHour) + ", " + twoDigits(clock.hour)
        case .minute: return words(.fieldMinute) + ", " + twoDigits(clock.minute)
        }
    }

    /// A time picker's open part as it is said: "Hour 07", "Minute 30".
    private func timeFieldSpoken(_ picker: ValuePicker) -> String {
        picker.open == 0 ? config.words(.fieldHour) + " " + twoDigits(picker.hour)
            : config.words(.fieldMinute) + " " + twoDigits(picker.minute)
    }

    /// After an input event: the words to say for the focus `after` when it differs from `before`
    /// (nil when nothing is to be said).
    func spokenChange(from before: SpokenFocus?, to after: SpokenFocus?) -> String? {
        guard config.menu.speakMenus, let after, after != before, !after.row.isEmpty || after.list != before?.list else { return nil }
        if after.list != before?.list { return after.row.isEmpty ? after.list : after.list + ". " + after.row }
        return after.row
    }
}

extension Event {
    /// A button or the knob: the events that move a menu's focus by hand.
    var isInput: Bool {
        switch self {
        case .buttonPressed, .buttonHeld, .buttonReleased, .knobTurned: return true
        default: return false
        }
    }
}
