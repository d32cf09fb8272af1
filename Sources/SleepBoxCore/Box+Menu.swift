/// The library menu: the knob held opens it; turning moves, a press opens a category or plays
/// an item, holding on an item marks it a favourite; the other buttons close it.
extension Box {
    /// How many items "Featured tonight" offers.
    static let featuredCount = 5

    /// The items of a category at `now`. Coming-soon items are listed by kind (and in Favorites
    /// when marked), never in Featured tonight or Continue listening.
    public func menuItems(_ category: MenuCategory, at now: Moment) -> [ContentItem] {
        switch category {
        case .featuredTonight:
            return featuredTonight(at: now)
        case .continueListening:
            return state.progress
                .filter { id, entry in
                    entry.position > 0 && entry.fraction < config.playback.resumeBelowFraction
                        && (catalog.item(id)?.isAvailable ?? false)
                }
                .sorted { $0.value.updated != $1.value.updated ? $0.value.updated > $1.value.updated : $0.key < $1.key }
                .compactMap { catalog.item($0.key) }
        case .favorites:
            return state.favorites.compactMap { catalog.item($0) }
        case .kind(let kind):
            return catalog.items.filter { $0.kind == kind }
        case .timers, .meditationTimer, .nap, .bedtimeReminder, .nights, .alarms, .settings:
            return []
        }
    }

    /// A row of the menu's top level.
    enum TopMenuRow: Equatable {
        /// "Restart <title>": first while an item plays or is paused.
        case restart(ItemID)
        case category(MenuCategory)
    }

    /// The top level's rows: "Restart <title>" while an item plays or is paused, the content
    /// categories, then Timers.
    var topMenuRows: [TopMenuRow] {
        var rows: [TopMenuRow] = []
        if state.phase.isSeekable, let p = state.playback { rows.append(.restart(p.item)) }
        // The content's lists, then Timers, then the rows that open screens (Alarms, Settings).
        let categories = menuCategories
        return rows + categories.filter { !$0.opensScreen }.map { .category($0) } + [.category(.timers)]
            + categories.filter(\.opensScreen).map { .category($0) }
    }

    /// The categories the top level lists: the three of the owner's always, a kind when the
    /// library has items of it, Alarms and Settings.
    public var menuCategories: [MenuCategory] {
        // Timers and the lists under it are added by `topMenuRows`.
        MenuCategory.all.filter { category in
            if case .kind(let kind) = category { return catalog.items.contains { $0.kind == kind } }
            return true
        }
    }

    /// One available item of each of a few kinds, chosen anew each local evening (the same all
    /// evening: the day counts from noon to noon), in a fixed order of kinds.
    func featuredTonight(at now: Moment) -> [ContentItem] {
        let f = clock.fields(now.wall - 12 * 3600)
        let day = UInt64(max(0, f.year * 400 + f.month * 32 + f.day))
        var rng = SplitMix64(seed: 0x5EED_F00D ^ (day &* 0x9E37_79B9_7F4A_7C15))
        let groups: [[ContentKind]] = [[.meditation, .yogaNidra], [.story], [.breathing], [.poem], [.hypnosis, .affirmation], [.ambient]]
        var picks: [ContentItem] = []
        for kinds in groups where picks.count < Box.featuredCount {
            let candidates = catalog.items.filter { kinds.contains($0.kind) && $0.isAvailable && !state.unplayable.contains($0.id) }
            guard !candidates.isEmpty else { continue }
            picks.append(candidates[Int(rng.next() % UInt64(candidates.count))])
        }
        return picks
    }

    /// The menu as the display shows it.
    func menuScreen(_ position: MenuPosition, at now: Moment) -> MenuScreen {
        let words = config.words
        guard let category = position.category else {
            let rows = topMenuRows.map { row -> MenuRow in
                switch row {
                case .restart(let id):
                    return MenuRow(kind: .action, label: words(.restartItem, ["title": catalog.item(id)?.title ?? id]))
                case .category(.timers):
                    return MenuRow(kind: .category, label: words(.timers),
                                   detail: state.session.map { countdownText($0.remaining(at: now.uptime)) })
                case .category(let category):
                    return MenuRow(kind: .category, label: words(category.key),
                                   detail: category.opensScreen ? nil : String(menuItems(category, at: now).count))
                }
            }
            return MenuScreen(title: words(.library), rows: rows, selected: min(position.selected, max(0, rows.count - 1)))
        }
        if Box.isTimers(category) { return timersScreen(category, position, at: now) }
        let items = menuItems(category, at: now)
        var rows = [MenuRow(kind: .back, label: words(.back))]
        for item in items {
            let detail: String
            if !item.isAvailable {
                detail = words(.soonMark)
            } else if category == .continueListening, let entry = state.progress[item.id] {
                detail = String(Int((entry.fraction * 100).rounded(.down))) + "%"
            } else if item.playsAllNight {
                detail = words(.allNight)
            } else {
                detail = words.table.timerLabel(.minutes(max(1, (item.duration / 60).rounded())), in: config.language)
            }
            rows.append(MenuRow(kind: .item, label: item.title, detail: detail, isFavorite: state.favorites.contains(item.id),
                                isAvailable: item.isAvailable))
        }
        let hint: String? = items.isEmpty ? words(category == .favorites ? .favoritesHint : .nothingHereYet) : nil
        return MenuScreen(title: words(category.key), rows: rows, selected: min(position.selected, rows.count - 1), hint: hint)
    }

    // MARK: Actions

    mutating func openMenu(_ position: MenuPosition, at now: Moment) {
        state.overlay = .menu(position, until: now.uptime + config.menu.closeAfterSeconds)
    }

    /// The knob held: opens the menu; in a list on an item, marks or unmarks it a favourite; in
    /// the menu elsewhere, closes it.
    mutating func knobHeld(at now: Moment, into out: inout [Command]) {
        guard case .menu(let position, _) = state.overlay else {
            openMenu(MenuPosition(category: nil, selected: 0), at: now)
            return
        }
        if let category = position.category, Box.isTimers(category) {
            timersHeld(position, at: now)
            return
        }
        guard let category = position.category, position.selected > 0 else {
            state.overlay = nil
            return
        }
        let items = menuItems(category, at: now)
        guard position.selected - 1 < items.count else { return }
        let id = items[position.selected - 1].id
        if let index = state.favorites.firstIndex(of: id) {
            state.favorites.remove(at: index)
        } else {
            state.favorites.append(id)
        }
        var kept = position
        // In the favourites list the row just unmarked goes away: stay on a row that exists.
        if category == .favorites { kept.selected = min(kept.selected, state.favorites.count) }
        openMenu(kept, at: now)
        if config.audio.confirmationCues { out.append(.playCue(.tick)) }
    }

    /// A short knob press in the menu: open the category, go back, or play the item.
    mutating func menuPressed(_ position: MenuPosition, at now: Moment, into out: inout [Command]) {
        guard let category = position.category else {
            let rows = topMenuRows
            guard position.selected < rows.count else { return }
            switch rows[position.selected] {
            case .restart:
                state.overlay = nil
                restartItem(at: now, into: &out)
            case .category(.nights):
                openSettings(.nights, at: now)
            case .category(.alarms):
                openSettings(.alarmList(selected: 1, fromSettings: false), at: now)
            case .category(.settings):
                openSettings(.list(nil, selected: 1), at: now)
            case .category(let chosen):
                let empty = !Box.isTimers(chosen) && menuItems(chosen, at: now).isEmpty
                openMenu(MenuPosition(category: chosen, selected: empty ? 0 : 1), at: now)
            }
            return
        }
        if Box.isTimers(category) {
            timersPressed(category, position, at: now, into: &out)
            return
        }
        guard position.selected > 0 else {
            openMenu(MenuPosition(category: nil, selected: topMenuRows.firstIndex(of: .category(category)) ?? 0), at: now)
            return
        }
        let items = menuItems(category, at: now)
        guard position.selected - 1 < items.count else { return }
        let item = items[position.selected - 1]
        guard item.isAvailable, !state.unplayable.contains(item.id) else {
            state.overlay = .comingSoon(title: item.title, until: now.uptime + config.display.messageSeconds * 2)
            return
        }
        state.overlay = nil
        play(chosen: item, at: now, into: &out)
    }

    /// Plays an item picked in the menu. When a mode's pool has the item's kind, the mode becomes
    /// that one and the leaf and skip go on from there. An item of a kind no mode plays (a sleep
    /// story, by default) belongs to no mode: the mode goes off (the last mode stays what it was),
    /// skip plays the next item of the same kind, and the leaf stops it (see `leafPressed`).
    mutating func play(chosen item: ContentItem, at now: Moment, into out: inout [Command]) {
        if let p = state.playback, p.item == item.id {
            if case .paused = state.phase { knobPressed(at: now, into: &out) }
            return
        }
        guard let mode = [Mode.meditation, .poetry].first(where: { config.pools[$0]?.contains(item.kind) ?? false }) else {
            state.mode = .off
            startItem(item.id, at: now, reason: .skip, into: &out)
            return
        }
        let reason: CrossfadeReason = mode == state.mode ? .skip : .modeChange
        state.mode = mode
        state.lastMode = mode
        startItem(item.id, at: now, reason: reason, into: &out)
    }

    /// The item after `id` among the available items of its kind, in the library's order (as the
    /// menu lists them), coming round to the first; nil when there is no other.
    func nextOfKind(after id: ItemID) -> ItemID? {
        guard let kind = catalog.item(id)?.kind else { return nil }
        let ids = catalog.items.filter { $0.kind == kind && ($0.isAvailable && !state.unplayable.contains($0.id) || $0.id == id) }
            .map(\.id)
        guard let index = ids.firstIndex(of: id), ids.count > 1 else { return nil }
        return ids[(index + 1) % ids.count]
    }
}
