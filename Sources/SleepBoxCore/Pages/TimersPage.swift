/// Timers and its lists: the meditation timer (start, length, bed, breathing guide, interval
/// bell), the nap's lengths, the bedtime reminder (on, time, days, skip tonight). A press on a
/// setting's row lets the knob change its value in the row; the next press takes it.
public struct TimersPage: Sendable, Equatable, PageBehaviour {
    /// `.timers`, `.meditationTimer`, `.nap` or `.bedtimeReminder`.
    public var list: MenuCategory
    public var selected: Int
    /// While a setting row is being changed: the value the knob has moved to (an index into the
    /// setting's values), not taken until the knob is pressed.
    public var editing: Int?

    public init(list: MenuCategory, selected: Int, editing: Int? = nil) {
        self.list = list
        self.selected = selected
        self.editing = editing
    }

    var page: Page { .timers(self) }

    func screen(_ box: Box, at now: Moment) -> Screen { .menu(box.timersScreen(self, at: now)) }

    /// The setting of the selected row, if it is one.
    func setting(_ box: Box) -> TimerSetting? {
        let rows = box.timersRows(list)
        guard rows.indices.contains(selected), case .setting(let setting) = rows[selected] else { return nil }
        return setting
    }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        guard let draft = editing else {
            selected = min(max(0, selected + detents), max(0, box.timersRows(list).count - 1))
            return
        }
        guard let setting = setting(box) else { return }
        // The time of day goes round the clock; the other values stop at their ends.
        let count = box.settingLabels(setting).count
        editing = setting == .reminderTime ? ((draft + detents) % count + count) % count : min(max(0, draft + detents), count - 1)
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        let rows = box.timersRows(list)
        guard rows.indices.contains(selected) else { return .stay }
        switch rows[selected] {
        case .back:
            return .back
        case .open(let entry):
            return .open(.timers(TimersPage(list: entry, selected: 1)))
        case .startMeditation:
            box.startMeditation(at: now, into: &out)
            return .close
        case .setting(let setting):
            if let draft = editing {
                if draft != box.settingIndex(setting) { box.apply(setting, draft) }
                editing = nil
                if box.config.audio.confirmationCues { out.append(.playCue(.tick)) }
            } else {
                editing = box.settingIndex(setting)
            }
            return .stay
        case .napLength(let minutes):
            box.startNap(minutes: minutes, at: now, into: &out)
            return .close
        case .skipTonight:
            box.toggleReminderSkip()
            if box.config.audio.confirmationCues { out.append(.playCue(.tick)) }
            return .stay
        }
    }
}

extension Box {
    /// A Timers list as the display shows it.
    func timersScreen(_ page: TimersPage, at now: Moment) -> MenuScreen {
        let category = page.list, position = page
        let words = config.words
        let list = timersRows(category)
        var rows: [MenuRow] = []
        for (index, row) in list.enumerated() {
            switch row {
            case .back:
                rows.append(MenuRow(kind: .back, label: words(.back)))
            case .open(let entry):
                rows.append(MenuRow(kind: .category, label: words(entry.key), detail: timersDetail(entry, at: now)))
            case .startMeditation:
                rows.append(MenuRow(kind: .action, label: words(.startTimer), detail: minutesLabel(meditationChoice.minutes)))
            case .setting(let setting):
                let labels = settingLabels(setting)
                let editing = index == position.selected ? position.editing : nil
                let value = labels[min(max(0, editing ?? settingIndex(setting)), labels.count - 1)]
                rows.append(MenuRow(kind: .setting, label: words(setting.key), detail: editing == nil ? value : "< \(value) >",
                                    isEditing: editing != nil))
            case .napLength(let minutes):
                let wake = clock.fields(now.wall + minutes * 60)
                rows.append(MenuRow(kind: .action, label: minutesLabel(minutes),
                                    detail: twoDigits(wake.hour) + ":" + twoDigits(wake.minute)))
            case .skipTonight:
                rows.append(MenuRow(kind: .action, label: words(.skipTonight),
                                    detail: reminderSkipped ? words(.settingOn) : nil))
            }
        }
        return MenuScreen(title: words(category.key), rows: rows, selected: min(position.selected, rows.count - 1))
    }
}
