/// The date and the time being set as a page (one level: holding the knob leaves it with the clock
/// as it was): a turn moves the open field (faster on a fast turn), a press the next field; the
/// press on the minute sets the clock.
extension ClockEditor: PageBehaviour {
    var page: Page { .clock(self) }

    func screen(_ box: Box, at now: Moment) -> Screen {
        let words = box.config.words
        func mark(_ text: String, _ f: Field) -> String { field == f ? "[" + text + "]" : text }
        let date = mark(String(year), .year) + "-" + mark(twoDigits(month), .month) + "-" + mark(twoDigits(day), .day)
        let time = mark(twoDigits(hour), .hour) + ":" + mark(twoDigits(minute), .minute)
        let onDate = field.rawValue <= Field.day.rawValue
        return .menu(MenuScreen(title: words(.dateAndTime), rows: [
            MenuRow(kind: .category, label: words(.date), detail: date),
            MenuRow(kind: .category, label: words(.time), detail: time),
        ], selected: onDate ? 0 : 1, hint: box.clock.timeZone.identifier))
    }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        turn(detents, at: now.uptime)
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        guard press() else { return .stay }
        guard let wall = box.clock.wall(year: year, month: month, day: day, hour: hour, minute: minute) else { return .stay }
        out.append(.setClock(wall: wall))
        box.state.overlay = .message(box.config.words(.clockSet), until: now.uptime + box.config.display.messageSeconds)
        return .close
    }
}
