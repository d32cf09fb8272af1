/// The navigator: the pages open (`Overlay.pages`), the top one shown and worked by the knob.
/// Holding the knob goes back one level on every page, committing nothing; at the top level it
/// closes. Any other button closes the pages and acts as usual (see `buttonPressed`).
extension Box {
    /// The pages open, bottom first (empty when none is).
    var pageStack: [Page] {
        if case .pages(let stack, _)? = state.overlay { return stack }
        return []
    }

    /// Shows `stack` (closing the pages when it is empty), open for `closeAfterSeconds` unless used.
    /// The pairing page stays while its code is good, and closes as any page after it lapsed.
    mutating func showPages(_ stack: [Page], at now: Moment) {
        var until = now.uptime + config.menu.closeAfterSeconds
        if case .pairing? = stack.last, let lapses = pairingLapses { until = max(until, lapses + config.menu.closeAfterSeconds) }
        state.overlay = stack.isEmpty ? nil : .pages(stack, until: until)
    }

    /// Opens `page` as the only one (from the idle screen, the knob held or pressed).
    mutating func openPage(_ page: Page, at now: Moment) {
        showPages([page], at: now)
    }

    /// The knob turned on the top page.
    mutating func pageTurned(_ detents: Int, at now: Moment) {
        var stack = pageStack
        guard var top = stack.last?.behaviour else { return }
        top.turned(detents, self, at: now)
        stack[stack.count - 1] = top.page
        showPages(stack, at: now)
    }

    /// A short knob press on the top page.
    mutating func pagePressed(at now: Moment, into out: inout [Command]) {
        var stack = pageStack
        guard var top = stack.last?.behaviour else { return }
        state.overlay = nil
        let move = top.pressed(&self, at: now, into: &out)
        stack[stack.count - 1] = top.page
        switch move {
        case .stay: showPages(stack, at: now)
        case .open(let page): showPages(stack + [page], at: now)
        case .back: showPages(Array(stack.dropLast()), at: now)
        case .backTo(let page):
            stack.removeLast()
            if !stack.isEmpty { stack[stack.count - 1] = page }
            showPages(stack, at: now)
        case .close: break
        }
    }

    /// The knob held on a page: back one level, nothing committed; the top level closes.
    mutating func pageHeld(at now: Moment) {
        showPages(Array(pageStack.dropLast()), at: now)
    }

    /// What the top page shows.
    func pageScreen(at now: Moment) -> Screen? {
        pageStack.last.map { $0.behaviour.screen(self, at: now) }
    }
}
