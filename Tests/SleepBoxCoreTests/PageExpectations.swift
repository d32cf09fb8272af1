import SleepBoxCore

/// What the tests expect of the pages: the stack after a knob gesture led to a page.
extension BoxTester {
    /// The library's page at `category` (nil: the top level), or Timers' for its lists.
    static func menuPage(category: MenuCategory?, selected: Int, editing: ValuePicker? = nil) -> Page {
        switch category {
        case .timers?, .meditationTimer?, .nap?, .bedtimeReminder?:
            return .timers(TimersPage(list: category ?? .timers, selected: selected, editing: editing))
        default:
            return .library(LibraryPage(category: category, selected: selected))
        }
    }

    /// `page` with the picker it edits turned at `uptime` (its acceleration's clock).
    static func turned(_ page: Page, at uptime: Double) -> Page {
        guard case .timers(var timers) = page, timers.editing != nil else { return page }
        timers.editing?.lastTurn = uptime
        return .timers(timers)
    }

    /// The pages open in `state` (empty when none is).
    static func stack(_ state: BoxState) -> [Page] {
        if case .pages(let stack, _)? = state.overlay { return stack }
        return []
    }

    /// True when `a` and `b` are the same place (the same list or editor), whatever their rows. A
    /// field being edited is a level of its own: an editor with a field open is not the editor.
    static func samePlace(_ a: Page, _ b: Page) -> Bool {
        switch (a, b) {
        case (.library(let x), .library(let y)): return x.category == y.category
        case (.item(let x), .item(let y)): return x.id == y.id
        case (.timers(let x), .timers(let y)): return x.list == y.list && (x.editing == nil) == (y.editing == nil)
        case (.settingsList(let x), .settingsList(let y)): return x.group == y.group
        case (.value(let x), .value(let y)): return x.key == y.key
        case (.alarmEditor(let x), .alarmEditor(let y)): return x.slot == y.slot && (x.field == nil) == (y.field == nil)
        case (.mixEditor(let x), .mixEditor(let y)): return (x.field == nil) == (y.field == nil)
        case (.nights, .nights), (.alarmList, .alarmList), (.clock, .clock), (.about, .about), (.mixList, .mixList),
             (.timeZone, .timeZone):
            return true
        default: return false
        }
    }

    /// `stack` after a gesture that shows `page`: back down to the same place when it is below
    /// (or the top itself), else `page` opened over the top.
    static func moved(_ stack: [Page], to page: Page) -> [Page] {
        guard let index = stack.lastIndex(where: { samePlace($0, page) }) else { return stack + [page] }
        return Array(stack.prefix(index)) + [page]
    }

    /// `state` with the pages moved to `page`, open until `until`.
    static func show(_ page: Page, in state: inout BoxState, until: Double) {
        state.overlay = .pages(moved(stack(state), to: page), until: until)
    }
}
