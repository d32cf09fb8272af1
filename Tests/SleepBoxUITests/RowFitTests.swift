import SleepBoxCore
import Testing
@testable import SleepBoxUI

/// Every row of every list in the golden tours (English and German, 24- and 12-hour clock) fits
/// its row or scrolls: a row that is not selected may end in "…" only where the rows of its list
/// still read apart, and a selected row too long for its room moves on the simulated clock.
@Suite struct RowFitTests {
    /// The tours' lists: no two rows that differ look the same when cut; every selected row that
    /// does not fit scrolls.
    @Test func everyRowFitsOrScrolls() {
        var problems: Set<String> = []
        var lists = 0
        var scrolled = 0
        for shot in GoldenFrameTests.tours {
            guard case .menu(let menu) = shot.frame.screen else { continue }
            lists += 1
            let name = shot.name ?? "\(shot.frame.language) \"\(menu.title)\""
            for lookAlike in RowFitTests.lookAlikes(menu) { problems.insert("\(name): \(lookAlike)") }
            switch RowFitTests.selectedRowScrolls(menu, frame: shot.frame, later: shot.later) {
            case true?: scrolled += 1
            case false?: problems.insert("\(name): the selected row \"\(menu.rows[menu.selected].label)\" is cut and does not scroll")
            case nil: break
            }
        }
        #expect(lists > 300, "the tours reach too few lists")
        #expect(scrolled > 0, "no selected row of the tours is long enough to scroll: the check sees nothing")
        if !problems.isEmpty {
            Issue.record(Comment(rawValue: "\(problems.count) row(s) that neither fit nor scroll:\n"
                + problems.sorted().joined(separator: "\n")))
        }
    }

    /// Rows of `menu` that differ but read the same as drawn when not selected (label, marker and
    /// detail): described, one a pair.
    static func lookAlikes(_ menu: MenuScreen) -> [String] {
        let hasMarkers = menu.rows.contains { $0.kind == .item }
        var seen: [String: MenuRow] = [:]
        var found: [String] = []
        for row in menu.rows {
            let layout = ScreenRenderer.menuRowLayout(row, markerColumn: hasMarkers, selected: false)
            let shown = "\(layout.marker.map { "\($0)" } ?? "-")|\(layout.label)|\(layout.detail ?? "")"
            if let other = seen[shown], other.label != row.label || other.detail != row.detail {
                found.append("\"\(other.label)\" and \"\(row.label)\" both read \"\(layout.label) \(layout.detail ?? "")\"")
            }
            seen[shown] = row
        }
        return found
    }

    /// Whether the selected row of `menu` moves on between `frame` and `later`, the same box's
    /// frame a few seconds on; nil when the row fits its room (or there is none).
    static func selectedRowScrolls(_ menu: MenuScreen, frame: DisplayFrame, later: DisplayFrame?) -> Bool? {
        guard menu.rows.indices.contains(menu.selected) else { return nil }
        let hasMarkers = menu.rows.contains { $0.kind == .item }
        let layout = ScreenRenderer.menuRowLayout(menu.rows[menu.selected], markerColumn: hasMarkers, selected: true)
        guard BitmapFont.small.width(of: layout.fullLabel) > layout.labelRight - layout.labelX else { return nil }
        guard let later, case .menu(let moved) = later.screen, moved.rows.map(\.label) == menu.rows.map(\.label),
              moved.selected == menu.selected,
              moved.marqueeSeconds > menu.marqueeSeconds else { return false }
        return ScreenRenderer.render(later).bytes != ScreenRenderer.render(frame).bytes
    }

    /// The check sees rows cut into look-alikes: three alarms whose names lose their numbers.
    @Test func lookAlikeRowsAreSeen() {
        let rows = (1...3).map { MenuRow(kind: .setting, label: "Weckerinnerung am Morgen für Nummer \($0)", detail: "nicht gestellt") }
        let menu = MenuScreen(title: "Wecker", rows: [MenuRow(kind: .back, label: "Zurück")] + rows, selected: 0)
        #expect(RowFitTests.lookAlikes(menu).count == 2)
        // Told apart by their ends, they are not look-alikes.
        let apart = MenuScreen(title: "Wecker", rows: (1...3).map { MenuRow(kind: .setting, label: "Wecker \($0)", detail: "nicht gestellt") },
                               selected: 0)
        #expect(RowFitTests.lookAlikes(apart).isEmpty)
    }

    /// The check sees a selected row that is cut and stands still.
    @Test func aSelectedRowThatStandsStillIsSeen() {
        let long = MenuScreen(title: "Settings", rows: [MenuRow(kind: .setting, label: "A setting with a name far too long", detail: "On")],
                              selected: 0)
        let frame = DisplayFrame(screen: .menu(long))
        #expect(RowFitTests.selectedRowScrolls(long, frame: frame, later: frame) == false)
        var moved = long
        moved.marqueeSeconds = GoldenTour.scrollSeconds
        #expect(RowFitTests.selectedRowScrolls(long, frame: frame, later: DisplayFrame(screen: .menu(moved))) == true)
    }

    /// The idle screen's bottom line (the next alarm and how far off it is) fits at every seventh
    /// minute of four days from Monday evening, English and German, 24- and 12-hour clock.
    @Test func theIdleLineFitsThroughTheWeek() {
        var cuts: Set<String> = []
        for language in [Language.english, .german] {
            for twentyFourHour in [true, false] {
                let tour = GoldenTour(language: language, twentyFourHour: twentyFourHour)
                let (box, now) = tour.freshBox()
                for step in 0..<(4 * 24 * 60 / 7) {
                    let frame = box.display(at: now.advanced(by: Double(step * 7 * 60)))
                    guard case .idle = frame.screen else { continue }
                    for cut in ScreenRenderer.render(frame).cuts { cuts.insert("\(tour.prefix): \(cut)") }
                }
            }
        }
        #expect(cuts.isEmpty, Comment(rawValue: cuts.sorted().joined(separator: "\n")))
    }
}
