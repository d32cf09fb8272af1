/// The alarm editor as a page: its title and rows (`Box.editorRows`), the knob's acceleration on
/// the time and the values; "Save" commits the draft and goes back to the list.
extension AlarmEditor: PageBehaviour {
    var page: Page { .alarmEditor(self) }

    func screen(_ box: Box, at now: Moment) -> Screen {
        .menu(MenuScreen(title: box.config.words(.alarmNumber, ["n": String(slot + 1)]), rows: box.editorRows(self),
                         selected: row.rawValue))
    }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        let accelerate = field == .hour || field == .minute || field == .value
        let steps = accelerate ? KnobAcceleration.steps(detents, gap: lastTurn.map { now.uptime - $0 }) : detents
        turn(steps, behaviour: box.config.alarmBehaviour)
        lastTurn = now.uptime
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        lastTurn = nil
        guard press() else { return .stay }
        box.editAlarm(draft, slot: slot)
        if box.config.audio.confirmationCues { out.append(.playCue(.tick)) }
        return .back
    }
}
