import SleepBoxCore

extension ScreenRenderer {
    /// Positions on the library menu.
    enum MenuLayout {
        /// Top of the title's text.
        static let titleY = 2
        /// The dotted rule under the title.
        static let ruleY = 11
        /// Top of the first row's bar.
        static let firstRowY = 14
        /// Rows are this far apart.
        static let rowPitch = 12
        /// Height of a row's selection bar.
        static let rowHeight = 11
        /// Rows shown at once.
        static let visibleRows = 4
        /// The text's top below the row's top.
        static let textOffset = 2
        /// Left of a marker (back chevron, heart, "soon" ring).
        static let markerX = 4
        /// The widest marker.
        static let markerWidth = 7
        /// Left of a label after a marker column; labels without one start at `markerX`.
        static let labelX = markerX + markerWidth + 3
        /// The detail ends just before this column.
        static let detailMaxX = 124
        /// At least this much space between a label and its detail.
        static let detailGap = 5
        /// The scroll carets' column (up above down, both inside the title line).
        static let caretX = 121
        /// A selected label too long for its row first rests this long at its start...
        static let marqueePauseSeconds = 1.5
        /// ...then moves left this many pixels a second (about three letters)...
        static let marqueePixelsPerSecond = 16.0
        /// ...with this gap before its start comes round again.
        static let marqueeGap = 24

        /// The selection bar (or the row's area) of visible row `slot` (0 at the top).
        static func rowRect(slot: Int) -> PixelRect {
            PixelRect(x: 1, y: firstRowY + slot * rowPitch, width: 126, height: rowHeight)
        }
    }

    /// The first row of the window that shows `selected` out of `count` rows.
    ///
    /// The renderer keeps no state between frames, so the window moves a page at a time: rows
    /// 0-3, then 4-7, and so on. The list therefore scrolls only when the selection leaves the
    /// window, turning the knob either way, and the same selection always shows the same rows.
    static func menuWindowStart(selected: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let clamped = min(count - 1, max(0, selected))
        return clamped / MenuLayout.visibleRows * MenuLayout.visibleRows
    }

    /// The title centred over a dotted rule; up to four rows, the selected one in an inverted bar;
    /// carets at the title's right when rows lie above or below; the hint, wrapped, under the rows
    /// of an empty list.
    static func drawMenu(_ menu: MenuScreen, in framebuffer: inout Framebuffer) {
        let caretRoom = Icon.caretUp.bitmap.width + 3
        drawCentered(menu.title, y: MenuLayout.titleY,
                     within: Layout.content.insetBy(caretRoom + 1), in: &framebuffer)
        drawDottedRule(y: MenuLayout.ruleY, in: &framebuffer)

        let rows = menu.rows
        let selected = min(rows.count - 1, max(0, menu.selected))
        let start = menuWindowStart(selected: selected, count: rows.count)
        let end = min(rows.count, start + MenuLayout.visibleRows)
        // Within a list of items, their labels line up after the back row's chevron (and leave
        // room for a heart); in a list of settings the labels have the row's whole width.
        let hasMarkers = rows.contains { $0.kind == .item }
        for index in start..<end {
            drawMenuRow(rows[index], in: MenuLayout.rowRect(slot: index - start), selected: index == selected,
                        markerColumn: hasMarkers, marqueeSeconds: menu.marqueeSeconds, in: &framebuffer)
        }

        if start > 0 {
            framebuffer.draw(Icon.caretUp.bitmap, x: MenuLayout.caretX, y: MenuLayout.titleY)
        }
        if end < rows.count {
            framebuffer.draw(Icon.caretDown.bitmap, x: MenuLayout.caretX, y: MenuLayout.titleY + 4)
        }

        if let hint = menu.hint {
            // Centred in the space left under the rows.
            let font = BitmapFont.small
            let pitch = 10
            let spaceTop = MenuLayout.rowRect(slot: end - start).y
            let lines = wrap(hint, width: Layout.content.width - 8, maxLines: 3, in: &framebuffer)
            let blockHeight = lines.count * pitch - (pitch - font.capHeight)
            let top = max(spaceTop, spaceTop + (Layout.content.maxY - spaceTop - blockHeight) / 2)
            for (index, line) in lines.enumerated() where top + index * pitch + font.capHeight <= Layout.content.maxY {
                drawCentered(line, y: top + index * pitch, in: &framebuffer)
            }
        }
    }

    /// Where a row's parts go: the marker, the label (already shortened) and the detail.
    struct MenuRowLayout: Equatable {
        var marker: Icon?
        var label: String
        var labelX: Int
        var detail: String?
        var detailX: Int
        /// The label's whole text and the column its room ends at (where a scrolling label is cut).
        var fullLabel: String
        var labelRight: Int
    }

    /// How far (in pixels) a selected label of `textWidth` that does not fit `room` has scrolled
    /// after `seconds`: it rests at its start, then moves left at `marqueePixelsPerSecond` until its
    /// start, following a gap, is back in place; and round again. Nil when the label fits.
    static func marqueeOffset(textWidth: Int, room: Int, seconds: Double) -> Int? {
        guard textWidth > room else { return nil }
        let travel = Double(textWidth + MenuLayout.marqueeGap)
        let cycle = MenuLayout.marqueePauseSeconds + travel / MenuLayout.marqueePixelsPerSecond
        let t = max(0, seconds).truncatingRemainder(dividingBy: cycle) - MenuLayout.marqueePauseSeconds
        guard t > 0 else { return 0 }
        return min(Int(travel) - 1, Int((t * MenuLayout.marqueePixelsPerSecond + 1e-9).rounded(.down)))
    }

    /// The parts of `row`: the label shortened with "…" so it ends at least `detailGap` pixels
    /// before the right-aligned detail. A label too long to fit beside its detail takes the whole
    /// row unless `selected` (the selected row shows the detail and scrolls the label); an item's
    /// title still too long is shortened at a word ("Isochronic Alpha…": the word that tells it
    /// apart stays).
    static func menuRowLayout(_ row: MenuRow, markerColumn: Bool, selected: Bool = false) -> MenuRowLayout {
        let font = BitmapFont.small
        let marker: Icon?
        switch row.kind {
        case .back: marker = .back
        case .category, .action, .setting: marker = nil
        case .item:
            if row.isFavorite {
                marker = row.isAvailable ? .heart : .heartOutline
            } else {
                marker = row.isAvailable ? nil : .soon
            }
        }
        let labelX = markerColumn || marker != nil ? MenuLayout.labelX : MenuLayout.markerX
        var detail = row.detail.flatMap { $0.isEmpty ? nil : $0 }
        if !selected, let shown = detail,
           font.width(of: row.label) > MenuLayout.detailMaxX - font.width(of: shown) - MenuLayout.detailGap - labelX {
            detail = nil
        }
        let detailX = MenuLayout.detailMaxX - (detail.map { font.width(of: $0) } ?? 0)
        let labelRight = detail == nil ? MenuLayout.detailMaxX : detailX - MenuLayout.detailGap
        let label = font.truncated(row.label, toWidth: max(0, labelRight - labelX), atWord: row.kind == .item)
        return MenuRowLayout(marker: marker, label: label, labelX: labelX, detail: detail, detailX: detailX,
                             fullLabel: row.label, labelRight: labelRight)
    }

    /// One row inside `rect`: lit on dark, or dark on a lit bar with rounded corners when selected.
    /// A selected label too long for its row scrolls (`marqueeOffset`), cut at its room's edges;
    /// the other rows end theirs in "…".
    static func drawMenuRow(_ row: MenuRow, in rect: PixelRect, selected: Bool, markerColumn: Bool,
                            marqueeSeconds: Double = 0, in framebuffer: inout Framebuffer) {
        let layout = menuRowLayout(row, markerColumn: markerColumn, selected: selected)
        let on = !selected
        if selected { drawSelectionBar(rect, in: &framebuffer) }
        let font = BitmapFont.small
        let textY = rect.y + MenuLayout.textOffset
        if let marker = layout.marker {
            let bitmap = marker.bitmap
            framebuffer.draw(bitmap, x: MenuLayout.markerX + (MenuLayout.markerWidth - bitmap.width) / 2,
                             y: textY + (font.capHeight - bitmap.height) / 2, on)
        }
        let room = max(0, layout.labelRight - layout.labelX)
        let fullWidth = font.width(of: layout.fullLabel)
        if selected, let offset = marqueeOffset(textWidth: fullWidth, room: room, seconds: marqueeSeconds) {
            // Drawn apart, then copied in within the label's room only.
            var scratch = Framebuffer()
            let x = layout.labelX - offset
            font.draw(layout.fullLabel, x: x, y: textY, in: &scratch)
            font.draw(layout.fullLabel, x: x + fullWidth + MenuLayout.marqueeGap, y: textY, in: &scratch)
            for py in textY..<(textY + font.lineHeight) {
                for px in layout.labelX..<(layout.labelX + room) where scratch.pixel(x: px, y: py) {
                    framebuffer.set(x: px, y: py, on)
                }
            }
        } else {
            if layout.label != layout.fullLabel {
                // Every list scrolls its selected label: this one does when the knob selects it.
                framebuffer.cuts.append(TextCut(text: layout.fullLabel, shown: layout.label, scrolls: true))
            }
            font.draw(layout.label, x: layout.labelX, y: textY, in: &framebuffer, on)
        }
        if let detail = layout.detail {
            font.draw(detail, x: layout.detailX, y: textY, in: &framebuffer, on)
        }
    }
}
