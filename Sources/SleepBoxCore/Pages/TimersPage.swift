/// Timers and its lists: the meditation timer (start, length, bed, breathing guide, interval
/// bell), the nap's lengths, the bedtime reminder (on, time, days, skip tonight). A press on a
/// setting's row opens the value picker in the row (the reminder's time: the hour, then the
/// minute) as a level of its own over the list (holding the knob there goes back to the list,
/// the setting as it was); the press on its last field takes it and goes back to the list.
public struct TimersPage: Sendable, Equatable, PageBehaviour {
    /// `.timers`, `.meditationTimer`, `.nap` or `.bedtimeReminder`.
    public var list: MenuCategory
    public var selected: Int
    /// While a setting row is being changed: the picker, not taken until its last press.
    public var editing: ValuePicker?

    public init(list: MenuCategory, selected: Int, editing: ValuePicker? = nil) {
        self.list = list
        self.selected = selected
        self.editing = editing
    }

    var page: Page { .timers(self) }

    func screen(_ box: Box, at now: Moment) -> Screen { .menu(box.timersScreen(self, at: now)) }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        guard var picker = editing else {
            selected = min(max(0, selected + detents), max(0, box.timersRows(list).count - 1))
            return
        }
        picker.turn(detents, at: now.uptime)
        editing = picker
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
            guard var picker = editing else {
                var opened = self
                opened.editing = box.picker(for: setting)
                return .open(.timers(opened))
            }
            guard picker.press() else {
                editing = picker
                return .stay
            }
            box.apply(setting, picker)
            editing = nil
            if box.config.audio.confirmationCues { out.append(.playCue(.tick)) }
            return .backTo(.timers(self))
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
                let editing = index == position.selected ? position.editing : nil
                rows.append(MenuRow(kind: .setting, label: words(setting.key), detail: settingText(setting, picker: editing),
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
