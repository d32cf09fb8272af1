/// The library: its top level (the lists, Timers, Nights, Alarms, Settings, and "Restart" and the
/// favourite's row while an item plays or is paused), or the items of one list. A press opens a
/// list or a screen, opens an item's details (`ItemPage`, whose press plays it), or marks the item
/// playing a favourite (or no longer), which the title says for a moment ("Favorite added").
public struct LibraryPage: Sendable, Equatable, PageBehaviour {
    /// nil: the top level.
    public var category: MenuCategory?
    /// The row the knob points at; in a list row 0 is "Back" and the items follow.
    public var selected: Int
    /// A short note shown in place of the title until `noticeUntil` or the next turn.
    public var notice: String?
    /// The uptime the note's time ends (`[display] message_seconds` after the press).
    public var noticeUntil: Double = 0

    public init(category: MenuCategory?, selected: Int) {
        self.category = category
        self.selected = selected
    }

    var page: Page { .library(self) }

    func screen(_ box: Box, at now: Moment) -> Screen { .menu(box.libraryScreen(self, at: now)) }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        notice = nil
        let rows = box.libraryScreen(self, at: now).rows.count
        selected = min(max(0, selected + detents), max(0, rows - 1))
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        guard let category else {
            let rows = box.topMenuRows
            guard rows.indices.contains(selected) else { return .stay }
            switch rows[selected] {
            case .restart:
                box.restartItem(at: now, into: &out)
                return .close
            case .favorite(let id):
                box.toggleFavorite(id)
                if box.config.audio.confirmationCues { out.append(.playCue(.tick)) }
                notice = box.config.words(box.state.favorites.contains(id) ? .favoriteAdded : .favoriteRemoved)
                noticeUntil = now.uptime + box.config.display.messageSeconds
                return .stay
            case .category(.nights): return .open(.nights(NightsPage()))
            case .category(.alarms): return .open(.alarmList(AlarmListPage(selected: 1)))
            case .category(.settings): return .open(.settingsList(SettingsListPage(group: nil, selected: 1)))
            case .category(let chosen) where Box.isTimers(chosen):
                return .open(.timers(TimersPage(list: chosen, selected: 1)))
            case .category(let chosen):
                let items = box.menuItems(chosen, at: now)
                // A series opens on the part to hear next.
                var row = items.isEmpty ? 0 : 1
                if case .series(let series) = chosen, let next = box.nextSeriesItem(series),
                   let index = items.firstIndex(where: { $0.id == next.id }) { row = index + 1 }
                return .open(.library(LibraryPage(category: chosen, selected: row)))
            }
        }
        guard selected > 0 else { return .back }
        let items = box.menuItems(category, at: now)
        guard selected - 1 < items.count else { return .stay }
        return .open(.item(ItemPage(id: items[selected - 1].id)))
    }
}

extension Box {
    /// Marks `id` a favourite, or no longer.
    mutating func toggleFavorite(_ id: ItemID) {
        if let index = state.favorites.firstIndex(of: id) {
            state.favorites.remove(at: index)
        } else {
            state.favorites.append(id)
        }
    }

    /// An item's title marked with its language's code when that is not the box's ("(DE) Die
    /// fünf Gehirnwellen" in an English box).
    func listTitle(_ item: ContentItem) -> String {
        guard isOtherLanguage(item), let language = item.language else { return item.title }
        return config.words(.otherLanguageTitle, ["code": ItemVoices.code(language).uppercased(), "title": item.title])
    }

    /// True for an item with words in another language than the box's.
    func isOtherLanguage(_ item: ContentItem) -> Bool {
        item.language.map { ItemVoices.code($0) != config.language.rawValue } ?? false
    }

    /// The library as the display shows it.
    func libraryScreen(_ page: LibraryPage, at now: Moment) -> MenuScreen {
        let words = config.words
        guard let category = page.category else {
            let rows = topMenuRows.map { row -> MenuRow in
                switch row {
                case .restart(let id):
                    return MenuRow(kind: .action, label: words(.restartItem, ["title": catalog.item(id)?.title ?? id]))
                case .favorite(let id):
                    let marked = state.favorites.contains(id)
                    return MenuRow(kind: .action, label: words(marked ? .removeFavorite : .addFavorite), isFavorite: marked)
                case .category(.timers):
                    return MenuRow(kind: .category, label: words(.timers),
                                   detail: state.session.map { countdownText($0.remaining(at: now.uptime)) })
                case .category(let category):
                    return MenuRow(kind: .category, label: words(category.key),
                                   detail: category.opensScreen ? nil : String(menuItems(category, at: now).count))
                }
            }
            let title = page.notice.flatMap { now.uptime < page.noticeUntil ? $0 : nil } ?? words(.library)
            return MenuScreen(title: title, rows: rows, selected: min(page.selected, max(0, rows.count - 1)))
        }
        let items = menuItems(category, at: now)
        var rows = [MenuRow(kind: .back, label: words(.back))]
        // Items in another language are marked where the list has the box's language too.
        let mixed = items.contains { isOtherLanguage($0) } && items.contains { !isOtherLanguage($0) }
        var next: ItemID?
        if case .series(let series) = category { next = nextSeriesItem(series)?.id }
        for item in items {
            let detail: String
            if !item.isAvailable {
                detail = words(.soonMark)
            } else if item.id == next {
                detail = words(.nextPartMark)
            } else if let percent = heardPercent(item.id) {
                detail = String(percent) + "%"
            } else if let pattern = item.breathing?.patternText(config.language) {
                detail = pattern
            } else {
                detail = lengthText(item)
            }
            rows.append(MenuRow(kind: .item, label: mixed ? listTitle(item) : item.title, detail: detail, isFavorite: state.favorites.contains(item.id),
                                isAvailable: item.isAvailable))
        }
        let hint: String? = items.isEmpty ? words(category == .favorites ? .favoritesHint : .nothingHereYet) : nil
        return MenuScreen(title: words(category.key), rows: rows, selected: min(page.selected, rows.count - 1), hint: hint)
    }
}
