import SleepBoxCore
import Testing
@testable import SleepBoxUI

@Suite struct MenuRendererTests {
    typealias MenuLayout = ScreenRenderer.MenuLayout

    /// Back and ten items: three pages of four rows (the last with three).
    let elevenRows: [MenuRow] = [MenuRow(kind: .back, label: "Back")]
        + (1...10).map { MenuRow(kind: .item, label: "Item \($0)", detail: "\($0) min") }

    func render(_ menu: MenuScreen, language: Language = .english) -> Framebuffer {
        ScreenRenderer.render(DisplayFrame(screen: .menu(menu), language: language))
    }

    func litCount(_ framebuffer: Framebuffer, in rect: PixelRect) -> Int {
        var count = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX where framebuffer.pixel(x: x, y: y) { count += 1 }
        }
        return count
    }

    /// True when the bar of `rect` is lit down its left edge (below and above the cleared corners).
    func isInverted(_ framebuffer: Framebuffer, _ rect: PixelRect) -> Bool {
        (rect.y + 1..<rect.maxY - 1).allSatisfy { y in (rect.x..<rect.x + 3).allSatisfy { framebuffer.pixel(x: $0, y: y) } }
            && !framebuffer.pixel(x: rect.x, y: rect.y) && !framebuffer.pixel(x: rect.x, y: rect.maxY - 1)
    }

    @Test func windowMovesAPageAtATime() {
        let starts = (0..<11).map { ScreenRenderer.menuWindowStart(selected: $0, count: 11) }
        #expect(starts == [0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8])
        #expect(ScreenRenderer.menuWindowStart(selected: 99, count: 11) == 8)
        #expect(ScreenRenderer.menuWindowStart(selected: -3, count: 11) == 0)
        #expect(ScreenRenderer.menuWindowStart(selected: 0, count: 0) == 0)
        // One step of the knob either way moves the window only when the selection would leave it.
        for selected in 0..<10 {
            let here = starts[selected], next = starts[selected + 1]
            let stillVisible = selected + 1 < here + MenuLayout.visibleRows
            #expect((here == next) == stillVisible, "step \(selected) -> \(selected + 1)")
        }
    }

    @Test(arguments: 0..<11)
    func selectedRowIsAlwaysVisibleAndInverted(selected: Int) {
        let framebuffer = render(MenuScreen(title: "Meditations", rows: elevenRows, selected: selected))
        let start = selected / 4 * 4
        for slot in 0..<MenuLayout.visibleRows {
            let rect = MenuLayout.rowRect(slot: slot)
            #expect(isInverted(framebuffer, rect) == (start + slot == selected), "slot \(slot) with \(selected) selected")
        }
        // The selected row's label is drawn dark in its bar: exactly its pixels are missing.
        let rect = MenuLayout.rowRect(slot: selected - start)
        let layout = ScreenRenderer.menuRowLayout(elevenRows[selected], markerColumn: true)
        var expected = Framebuffer()
        expected.fill(rect)
        for corner in [(rect.x, rect.y), (rect.maxX - 1, rect.y), (rect.x, rect.maxY - 1), (rect.maxX - 1, rect.maxY - 1)] {
            expected.set(x: corner.0, y: corner.1, false)
        }
        if let marker = layout.marker {
            let bitmap = marker.bitmap
            expected.draw(bitmap, x: MenuLayout.markerX + (MenuLayout.markerWidth - bitmap.width) / 2,
                          y: rect.y + 2 + (7 - bitmap.height) / 2, false)
        }
        BitmapFont.small.draw(layout.label, x: layout.labelX, y: rect.y + 2, in: &expected, false)
        if let detail = layout.detail { BitmapFont.small.draw(detail, x: layout.detailX, y: rect.y + 2, in: &expected, false) }
        #expect((rect.y..<rect.maxY).allSatisfy { y in (rect.x..<rect.maxX).allSatisfy { x in
            framebuffer.pixel(x: x, y: y) == expected.pixel(x: x, y: y)
        } })
        // The last page holds three rows: its fourth slot stays dark.
        if start == 8 { #expect(litCount(framebuffer, in: MenuLayout.rowRect(slot: 3)) == 0) }
    }

    @Test func caretsShowRowsAboveAndBelow() {
        let up = PixelRect(x: MenuLayout.caretX, y: MenuLayout.titleY, width: 5, height: 3)
        let down = PixelRect(x: MenuLayout.caretX, y: MenuLayout.titleY + 4, width: 5, height: 3)
        let caretPixels = Icon.caretUp.bitmap.litCount
        let first = render(MenuScreen(title: "Meditations", rows: elevenRows, selected: 0))
        #expect(litCount(first, in: up) == 0 && litCount(first, in: down) == caretPixels)
        let middle = render(MenuScreen(title: "Meditations", rows: elevenRows, selected: 5))
        #expect(litCount(middle, in: up) == caretPixels && litCount(middle, in: down) == caretPixels)
        let last = render(MenuScreen(title: "Meditations", rows: elevenRows, selected: 10))
        #expect(litCount(last, in: up) == caretPixels && litCount(last, in: down) == 0)
        let short = render(MenuScreen(title: "Meditations", rows: Array(elevenRows.prefix(4)), selected: 3))
        #expect(litCount(short, in: up) == 0 && litCount(short, in: down) == 0)
    }

    @Test func rowsOnAPageKeepTheirPlaces() {
        // Moving the selection inside a page changes only the two rows involved.
        let a = render(MenuScreen(title: "Meditations", rows: elevenRows, selected: 4))
        let b = render(MenuScreen(title: "Meditations", rows: elevenRows, selected: 5))
        for slot in 2..<4 {
            let rect = MenuLayout.rowRect(slot: slot)
            #expect(litCount(a, in: rect) == litCount(b, in: rect) && litCount(a, in: rect) > 0)
        }
        #expect(litCount(a, in: PixelRect(x: 0, y: 0, width: 128, height: MenuLayout.firstRowY))
                == litCount(b, in: PixelRect(x: 0, y: 0, width: 128, height: MenuLayout.firstRowY)))
    }

    @Test func longLabelsAreTruncatedBeforeTheDetail() {
        let label = "Letting Go of the Day, Slowly and Kindly, Under a Quiet Sky"
        for row in [MenuRow(kind: .item, label: label, detail: "124 min"),
                    MenuRow(kind: .item, label: label, detail: "40%", isFavorite: true),
                    MenuRow(kind: .item, label: label, detail: "bald", isAvailable: false),
                    MenuRow(kind: .category, label: "Einschlafgeschichten und Märchen", detail: "12"),
                    MenuRow(kind: .item, label: label)] {
            // Drawn under a back row, so every label starts after the marker column.
            let layout = ScreenRenderer.menuRowLayout(row, markerColumn: true)
            #expect(layout.label.hasSuffix("…"))
            let labelEnd = layout.labelX + BitmapFont.small.width(of: layout.label)
            #expect(labelEnd <= (layout.detail == nil ? MenuLayout.detailMaxX : layout.detailX - MenuLayout.detailGap))
            #expect(layout.detailX + BitmapFont.small.width(of: layout.detail ?? "") == MenuLayout.detailMaxX)

            // On the panel: a blank gap of at least `detailGap` columns between label and detail,
            // whether the row is selected (no dark pixel in a lit bar; its label scrolls, cut at
            // the end of its room) or not.
            for selected in [false, true] {
                let labelEnd = selected ? layout.labelRight : labelEnd
                let framebuffer = render(MenuScreen(title: "Title", rows: [MenuRow(kind: .back, label: "Back"), row],
                                                    selected: selected ? 1 : 0))
                let rect = MenuLayout.rowRect(slot: 1)
                let textRows = PixelRect(x: 0, y: rect.y + 1, width: 128, height: rect.height - 2)
                guard layout.detail != nil else { continue }
                let gap = PixelRect(x: labelEnd, y: textRows.y, width: layout.detailX - labelEnd, height: textRows.height)
                #expect(gap.width >= MenuLayout.detailGap)
                #expect(litCount(framebuffer, in: gap) == (selected ? gap.width * gap.height : 0))
            }
        }
        // A short label is left alone.
        let short = ScreenRenderer.menuRowLayout(MenuRow(kind: .item, label: "Body Scan", detail: "16 min"), markerColumn: true)
        #expect(short.label == "Body Scan")
    }

    @Test func theSelectedLongLabelScrollsOnTheClockAndTheOthersKeepTheirEllipsis() {
        let long = "Affirmations for Letting Go of the Day"
        let rows = [MenuRow(kind: .back, label: "Back"),
                    MenuRow(kind: .item, label: long, detail: "5 min"),
                    MenuRow(kind: .item, label: long, detail: "5 min")]
        let layout = ScreenRenderer.menuRowLayout(rows[1], markerColumn: true)
        let room = layout.labelRight - layout.labelX
        let width = BitmapFont.small.width(of: long)
        #expect(width > room)
        func frame(_ seconds: Double) -> Framebuffer {
            render(MenuScreen(title: "Affirmations", rows: rows, selected: 1, marqueeSeconds: seconds))
        }
        func label(_ fb: Framebuffer, slot: Int) -> [Bool] {
            let rect = MenuLayout.rowRect(slot: slot)
            return (rect.y..<(rect.y + rect.height)).flatMap { y in (layout.labelX..<layout.labelRight).map { fb.pixel(x: $0, y: y) } }
        }
        // It rests at its start for 1.5 s, then moves 16 pixels a second: 2 pixels a frame.
        #expect(ScreenRenderer.marqueeOffset(textWidth: width, room: room, seconds: 0) == 0)
        #expect(ScreenRenderer.marqueeOffset(textWidth: width, room: room, seconds: 1.5) == 0)
        #expect(ScreenRenderer.marqueeOffset(textWidth: width, room: room, seconds: 1.625) == 2)
        #expect(ScreenRenderer.marqueeOffset(textWidth: width, room: room, seconds: 3.5) == 32)
        #expect(ScreenRenderer.marqueeOffset(textWidth: 40, room: room, seconds: 3.5) == nil)
        // Its whole length and the gap go by, then it is back at its start, resting.
        let cycle = 1.5 + Double(width + MenuLayout.marqueeGap) / 16
        #expect(ScreenRenderer.marqueeOffset(textWidth: width, room: room, seconds: cycle + 0.5) == 0)
        #expect(label(frame(0), slot: 1) == label(frame(1.25), slot: 1))
        #expect(label(frame(1.25), slot: 1) != label(frame(2.5), slot: 1))
        #expect(label(frame(0), slot: 1) == label(frame(cycle + 0.5), slot: 1))
        #expect(frame(2.5) == frame(2.5))
        // The row under it is the same in every frame: cut with "…".
        #expect(label(frame(0), slot: 2) == label(frame(2.5), slot: 2))
        #expect(ScreenRenderer.menuRowLayout(rows[2], markerColumn: true).label.hasSuffix("…"))
        // Nothing of the scrolling label spills over the detail or the marker column.
        let f = frame(4)
        let rect = MenuLayout.rowRect(slot: 1)
        let clear = PixelRect(x: layout.labelRight, y: rect.y + 1, width: layout.detailX - layout.labelRight, height: rect.height - 2)
        #expect(litCount(f, in: clear) == clear.width * clear.height)
        let left = PixelRect(x: MenuLayout.markerX + MenuLayout.markerWidth, y: rect.y + 1,
                             width: layout.labelX - MenuLayout.markerX - MenuLayout.markerWidth, height: rect.height - 2)
        #expect(litCount(f, in: left) == left.width * left.height)
    }

    @Test func heartMarksOnlyFavourites() {
        let rows = [MenuRow(kind: .back, label: "Back"),
                    MenuRow(kind: .item, label: "Body Scan", detail: "16 min", isFavorite: true),
                    MenuRow(kind: .item, label: "Evening Calm", detail: "40%"),
                    MenuRow(kind: .item, label: "Moonlight Walk", detail: "soon", isAvailable: false)]
        let framebuffer = render(MenuScreen(title: "Meditations", rows: rows, selected: 0))
        func marker(slot: Int) -> PixelRect {
            PixelRect(x: MenuLayout.markerX, y: MenuLayout.rowRect(slot: slot).y + 2, width: MenuLayout.markerWidth, height: 7)
        }
        func shows(_ icon: Icon, slot: Int) -> Bool {
            let bitmap = icon.bitmap
            let area = marker(slot: slot)
            let left = area.x + (area.width - bitmap.width) / 2, top = area.y + (area.height - bitmap.height) / 2
            return litCount(framebuffer, in: area) == bitmap.litCount
                && (0..<bitmap.height).allSatisfy { y in (0..<bitmap.width).allSatisfy { x in
                    framebuffer.pixel(x: left + x, y: top + y) == bitmap.isLit(x: x, y: y)
                } }
        }
        #expect(shows(.heart, slot: 1))
        #expect(litCount(framebuffer, in: marker(slot: 2)) == 0)
        #expect(shows(.soon, slot: 3))
        #expect(!shows(.heart, slot: 3))
        // The labels of a list line up after the marker column, with or without a marker.
        for slot in 1...3 {
            #expect(litCount(framebuffer, in: PixelRect(x: MenuLayout.markerX + MenuLayout.markerWidth, y: MenuLayout.rowRect(slot: slot).y,
                                                        width: MenuLayout.labelX - MenuLayout.markerX - MenuLayout.markerWidth, height: 11)) == 0)
            #expect(litCount(framebuffer, in: PixelRect(x: MenuLayout.labelX, y: MenuLayout.rowRect(slot: slot).y,
                                                        width: 2, height: 11)) > 0)
        }
        // A favourite that cannot play yet keeps its heart, hollow.
        let hollow = ScreenRenderer.menuRowLayout(MenuRow(kind: .item, label: "Ocean", detail: "soon", isFavorite: true,
                                                          isAvailable: false), markerColumn: true)
        #expect(hollow.marker == .heartOutline)
        #expect(ScreenRenderer.menuRowLayout(MenuRow(kind: .back, label: "Back"), markerColumn: true).marker == .back)
        #expect(ScreenRenderer.menuRowLayout(MenuRow(kind: .category, label: "Poems", detail: "7", isFavorite: true),
                                             markerColumn: false) == ScreenRenderer.MenuRowLayout(
                                                marker: nil, label: "Poems", labelX: MenuLayout.markerX, detail: "7",
                                                detailX: MenuLayout.detailMaxX - BitmapFont.small.width(of: "7"), fullLabel: "Poems",
                                                labelRight: MenuLayout.detailMaxX - BitmapFont.small.width(of: "7") - MenuLayout.detailGap))
    }

    @Test func hintIsWrappedUnderTheBackRow() throws {
        let back = [MenuRow(kind: .back, label: "Back")]
        let below = PixelRect(x: 0, y: MenuLayout.rowRect(slot: 1).y, width: 128, height: 64 - MenuLayout.rowRect(slot: 1).y)
        let bare = render(MenuScreen(title: "Favorites", rows: back, selected: 0))
        #expect(litCount(bare, in: below) == 0)
        let hint = "Hold the knob on an item to add it"
        let hinted = render(MenuScreen(title: "Favorites", rows: back, selected: 0, hint: hint))
        let lines = BitmapFont.small.wrapped(hint, width: 118, maxLines: 3)
        #expect(lines.count == 2)
        var expected = 0
        for line in lines {
            var text = Framebuffer()
            BitmapFont.small.draw(line, x: 0, y: 0, in: &text)
            expected += text.litCount
        }
        #expect(litCount(hinted, in: below) == expected)
        // The back row above is the same with or without the hint.
        #expect(litCount(hinted, in: MenuLayout.rowRect(slot: 0)) == litCount(bare, in: MenuLayout.rowRect(slot: 0)))
        let bounds = try #require(hinted.litBounds)
        #expect(bounds.maxY <= 63)
    }

    @Test func outOfRangeAndEmptyListsAreSafe() {
        #expect(render(MenuScreen(title: "Library", rows: elevenRows, selected: 40))
                == render(MenuScreen(title: "Library", rows: elevenRows, selected: 10)))
        #expect(render(MenuScreen(title: "Library", rows: elevenRows, selected: -2))
                == render(MenuScreen(title: "Library", rows: elevenRows, selected: 0)))
        let empty = render(MenuScreen(title: "Library", rows: [], selected: 0, hint: "Nothing here yet"))
        #expect(litCount(empty, in: PixelRect(x: 0, y: 0, width: 128, height: MenuLayout.firstRowY)) > 0)
        #expect(litCount(empty, in: PixelRect(x: 0, y: MenuLayout.firstRowY, width: 128, height: 50)) > 0)
    }
}
