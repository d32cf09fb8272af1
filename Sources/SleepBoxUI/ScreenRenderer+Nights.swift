import SleepBoxCore

extension ScreenRenderer {
    /// The statistics: the title and the columns' heads on the first line, a dotted rule, then one
    /// line per figure, its label on the left and the values right-aligned in columns (two: this
    /// week and the last 30 days; one, at the right edge: all time).
    static func drawNightStats(_ stats: NightStatsScreen, in framebuffer: inout Framebuffer) {
        let font = BitmapFont.small
        let columnEnds = [Layout.content.maxX - 40, Layout.content.maxX - 1]
        let title = fit(stats.title, width: 44, in: &framebuffer)
        font.draw(title, x: 2, y: 1, in: &framebuffer)
        // The columns fill from the right: one column takes the last place.
        let ends = Array(columnEnds.suffix(min(2, stats.columns.count)))
        for (index, head) in stats.columns.prefix(2).enumerated() {
            drawRightAligned(head, maxX: ends[index], y: 1, in: &framebuffer)
        }
        drawDottedRule(y: 10, in: &framebuffer)
        for (line, row) in stats.rows.prefix(6).enumerated() {
            let y = 13 + line * 8
            let label = fit(row.label, width: 50, in: &framebuffer)
            font.draw(label, x: 2, y: y, in: &framebuffer)
            for (index, value) in row.values.prefix(ends.count).enumerated() {
                drawRightAligned(value, maxX: ends[index], y: y, in: &framebuffer)
            }
        }
    }

    /// A month: its short name on the left and the minutes of the night under the cursor on the
    /// right, between arrows (shown when the knob can go on into another month), the weekday
    /// letters, then the days in weeks from Monday; a counted night's number is drawn dark in a lit
    /// box of its own (a mark beside the number sat as near the next day's), today is underlined,
    /// and the cursor's day stands between brackets.
    static func drawCalendar(_ cal: CalendarScreen, in framebuffer: inout Framebuffer) {
        let font = BitmapFont.small
        font.draw(fit(cal.title, width: 50, in: &framebuffer), x: 8, y: 0, in: &framebuffer)
        drawRightAligned(fit(cal.cursorText, width: 56, in: &framebuffer), maxX: Layout.content.maxX - 8, y: 0, in: &framebuffer)
        if cal.hasEarlier { font.draw("<", x: 1, y: 0, in: &framebuffer) }
        if cal.hasLater { drawRightAligned(">", maxX: Layout.content.maxX - 1, y: 0, in: &framebuffer) }
        let cell = 18, left = 2
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
            if cal.cursor == day {
                for part in calendarCursor(cellX: x, y: y) { framebuffer.fill(part) }
            }
        }
    }

    /// The cursor around the calendar cell at `cellX` whose number's top is at `y`: a bracket
    /// either side of the mark's box, a dark column between, in the columns no number or mark
    /// takes (the grid starts at x = 2, so the left bracket of a Monday is on the panel).
    static func calendarCursor(cellX: Int, y: Int) -> [PixelRect] {
        let top = y - 1, height = 8
        return [PixelRect(x: cellX - 2, y: top, width: 1, height: height), PixelRect(x: cellX - 1, y: top, width: 1, height: 1),
                PixelRect(x: cellX - 1, y: top + height - 1, width: 1, height: 1),
                PixelRect(x: cellX + 14, y: top, width: 1, height: height), PixelRect(x: cellX + 13, y: top, width: 1, height: 1),
                PixelRect(x: cellX + 13, y: top + height - 1, width: 1, height: 1)]
    }

    /// The lit box behind a counted night's number in the calendar cell at `cellX` whose number's
    /// top is at `y`: a column either side of the widest number and a row above it; the five
    /// columns to the next cell stay dark, so the box is its day's alone. (Boxes of the same
    /// weekday in two weeks touch: a dark row between them would cut into the numbers' tops.)
    static func calendarMark(cellX: Int, y: Int) -> PixelRect {
        PixelRect(x: cellX, y: y - 1, width: 13, height: 8)
    }
}
