import SleepBoxCore

extension ScreenRenderer {
    /// The statistics: the title and the two columns' heads on the first line, a dotted rule,
    /// then one line per figure, its label on the left and the values right-aligned in columns.
    static func drawNightStats(_ stats: NightStatsScreen, in framebuffer: inout Framebuffer) {
        let font = BitmapFont.small
        let columnEnds = [Layout.content.maxX - 40, Layout.content.maxX - 1]
        let title = fit(stats.title, width: 44, in: &framebuffer)
        font.draw(title, x: 2, y: 1, in: &framebuffer)
        for (index, head) in stats.columns.prefix(2).enumerated() {
            drawRightAligned(head, maxX: columnEnds[index], y: 1, in: &framebuffer)
        }
        drawDottedRule(y: 10, in: &framebuffer)
        for (line, row) in stats.rows.prefix(6).enumerated() {
            let y = 13 + line * 8
            let label = fit(row.label, width: 50, in: &framebuffer)
            font.draw(label, x: 2, y: y, in: &framebuffer)
            for (index, value) in row.values.prefix(2).enumerated() {
                drawRightAligned(value, maxX: columnEnds[index], y: y, in: &framebuffer)
            }
        }
    }

    /// A month: its name between arrows (shown when the knob can go that way), the weekday
    /// letters, then the days in weeks from Monday; a counted night's number is drawn dark in a lit
    /// box of its own (a mark beside the number sat as near the next day's), today is underlined.
    static func drawCalendar(_ cal: CalendarScreen, in framebuffer: inout Framebuffer) {
        let font = BitmapFont.small
        drawCentered(cal.title, y: 0, within: Layout.content.insetBy(8), in: &framebuffer)
        if cal.hasEarlier { font.draw("<", x: 2, y: 0, in: &framebuffer) }
        if cal.hasLater { drawRightAligned(">", maxX: Layout.content.maxX - 1, y: 0, in: &framebuffer) }
        let cell = 18, left = 1
        for (index, letter) in cal.weekdays.prefix(7).enumerated() {
            let x = left + index * cell + 11 - font.width(of: letter)
            font.draw(letter, x: x, y: 8, in: &framebuffer)
        }
        // Six weeks of 8-pixel lines fill the panel to its last row.
        let firstColumn = max(1, min(7, cal.firstWeekday)) - 1
        for day in 1...max(1, cal.days) {
            let slot = firstColumn + day - 1
            let x = left + (slot % 7) * cell, y = 16 + (slot / 7) * 8
            let text = String(day)
            let textX = x + 11 - font.width(of: text)
            let marked = cal.marked.contains(day)
            if marked { framebuffer.fill(calendarMark(cellX: x, y: y)) }
            font.draw(text, x: textX, y: y, in: &framebuffer, !marked)
            if cal.today == day { framebuffer.hline(x: textX, y: y + 7, width: font.width(of: text)) }
        }
    }

    /// The lit box behind a counted night's number in the calendar cell at `cellX` whose number's
    /// top is at `y`: a column either side of the widest number and a row above it; the five
    /// columns to the next cell stay dark, so the box is its day's alone. (Boxes of the same
    /// weekday in two weeks touch: a dark row between them would cut into the numbers' tops.)
    static func calendarMark(cellX: Int, y: Int) -> PixelRect {
        PixelRect(x: cellX, y: y - 1, width: 13, height: 8)
    }
}
