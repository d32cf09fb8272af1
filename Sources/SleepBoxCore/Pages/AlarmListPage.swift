/// The alarm list (a knob press on the idle screen, the library's Alarms, Settings' Alarms): row 0
/// is "Back", then one row per alarm slot; a press opens the slot's editor.
public struct AlarmListPage: Sendable, Equatable, PageBehaviour {
    public var selected: Int

    public init(selected: Int) {
        self.selected = selected
    }

    var page: Page { .alarmList(self) }

    func screen(_ box: Box, at now: Moment) -> Screen {
        let words = box.config.words
        let rows = [MenuRow(kind: .back, label: words(.back))] + box.state.alarms.enumerated().map { box.alarmRow($0, $1) }
        return .menu(MenuScreen(title: words(.alarms), rows: rows, selected: selected))
    }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        selected = min(max(0, selected + detents), BoxConfig.alarmSlots)
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        guard selected > 0 else { return .back }
        let slot = selected - 1
        guard box.state.alarms.indices.contains(slot) else { return .stay }
        return .open(.alarmEditor(AlarmEditor(slot: slot, draft: box.state.alarms[slot] ?? AlarmEditor.newAlarm)))
    }
}
