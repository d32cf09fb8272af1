/// The alarm editor as a page: its title and rows (`Box.editorRows`). A press on a row with a
/// value opens its field as a level of its own over the editor (holding the knob there goes back
/// to the editor as it was); the field's last press takes the value and goes back to the editor;
/// "Save" commits the draft and goes back to the list.
extension AlarmEditor: PageBehaviour {
    var page: Page { .alarmEditor(self) }

    func screen(_ box: Box, at now: Moment) -> Screen {
        .menu(MenuScreen(title: box.config.words(.alarmNumber, ["n": String(slot + 1)]), rows: box.editorRows(self),
                         selected: row.rawValue))
    }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        turn(detents, at: now.uptime, behaviour: box.config.alarmBehaviour)
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        let before = self
        switch press(behaviour: box.config.alarmBehaviour) {
        case .none:
            return .stay
        case .opened:
            let opened = self
            self = before
            return .open(.alarmEditor(opened))
        case .closed:
            return .backTo(.alarmEditor(self))
        case .save:
            box.editAlarm(draft, slot: slot)
            if box.config.audio.confirmationCues { out.append(.playCue(.tick)) }
            return .back
        }
    }
}
