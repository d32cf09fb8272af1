/// One item's details, opened by a press on its row in a list: its title and length, the voice
/// that reads it, a breathing pattern, how much was heard, its description (a row that scrolls
/// when the knob selects it), and for a tone the science piece that explains it. The screen's
/// title is the item's kind. A press plays the item, or on the last row opens the piece that
/// explains it; holding the knob goes back to the list (the navigator's rule).
public struct ItemPage: Sendable, Equatable, PageBehaviour {
    /// The item shown.
    public var id: ItemID
    /// The row the knob points at; row 0 is the title, which a press plays.
    public var selected: Int

    public init(id: ItemID, selected: Int = 0) {
        self.id = id
        self.selected = selected
    }

    /// What a press on a row does.
    enum Use: Equatable {
        /// Plays the item (every row but a link).
        case play
        /// Opens the details of the item that explains this one.
        case open(ItemID)
    }

    var page: Page { .item(self) }

    func screen(_ box: Box, at now: Moment) -> Screen {
        let rows = box.itemDetailRows(id)
        let title = box.catalog.item(id).map { box.config.words(MenuCategory.kind($0.kind).key) } ?? id
        return .menu(MenuScreen(title: title, rows: rows.map(\.row), selected: min(selected, max(0, rows.count - 1))))
    }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        let count = box.itemDetailRows(id).count
        selected = min(max(0, selected + detents), max(0, count - 1))
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        let rows = box.itemDetailRows(id)
        guard let item = box.catalog.item(id) else { return .back }
        if rows.indices.contains(selected), case .open(let other) = rows[selected].use {
            return .open(.item(ItemPage(id: other)))
        }
        guard item.isAvailable, !box.state.unplayable.contains(item.id) else {
            box.state.overlay = .comingSoon(title: item.title, until: now.uptime + box.config.display.messageSeconds * 2)
            return .close
        }
        box.play(chosen: item, at: now, into: &out)
        return .close
    }
}

extension Box {
    /// The rows of `id`'s detail page and what a press on each does.
    func itemDetailRows(_ id: ItemID) -> [(row: MenuRow, use: ItemPage.Use)] {
        guard let item = catalog.item(id) else { return [] }
        let words = config.words
        var rows: [(row: MenuRow, use: ItemPage.Use)] = [
            (MenuRow(kind: .action, label: item.title, detail: item.isAvailable ? lengthText(item) : words(.soonMark),
                     isAvailable: item.isAvailable), .play),
        ]
        if let voice = narratorText(item) {
            rows.append((MenuRow(kind: .action, label: words(.detailVoice, ["name": voice])), .play))
        }
        if let category = item.storyCategory {
            rows.append((MenuRow(kind: .action, label: words(category.wordKey)), .play))
        }
        if let pattern = item.breathing?.patternText(config.language) {
            rows.append((MenuRow(kind: .action, label: words(.detailPattern, ["pattern": pattern])), .play))
        }
        if let percent = heardPercent(item.id) {
            rows.append((MenuRow(kind: .action, label: words(.detailHeard, ["percent": String(percent)])), .play))
        }
        if let description = item.description {
            rows.append((MenuRow(kind: .action, label: description), .play))
        }
        if let science = explainingItem(of: item) {
            rows.append((MenuRow(kind: .category, label: words(.detailExplained, ["title": science.title]), detail: ">"),
                         .open(science.id)))
        }
        return rows
    }

    /// Who reads `item`, as the owner reads it: the box's voice for a spoken item (the one it
    /// really uses in the box's language, or the espeak-ng voice of the item's own language),
    /// the narrator of a recording; nil for a sound without words or a voice not known.
    func narratorText(_ item: ContentItem) -> String? {
        guard item.isSpoken else { return item.narrator }
        return catalog.voices.voice(forItemIn: item.language, boxLanguage: config.language)?.text(config.words)
    }

    /// The item that explains `item` (a tone's science piece): the one in the box's language,
    /// else the first the file names that the library has.
    func explainingItem(of item: ContentItem) -> ContentItem? {
        let found = item.explainedBy.compactMap { catalog.item($0) }
        return found.first { ItemVoices.code($0.language) == config.language.rawValue } ?? found.first
    }

    /// How much of `id` was heard, in whole percent, while it counts as begun and not finished
    /// (as Continue listening lists it); nil otherwise.
    func heardPercent(_ id: ItemID) -> Int? {
        guard let entry = state.progress[id], entry.position > 0, entry.fraction < config.playback.resumeBelowFraction else {
            return nil
        }
        return Int((entry.fraction * 100).rounded(.down))
    }

    /// An item's length as a list shows it: "12 min", or "all night" for a sound made to last it.
    func lengthText(_ item: ContentItem) -> String {
        if item.playsAllNight { return config.words(.allNight) }
        return config.words.table.timerLabel(.minutes(max(1, (item.duration / 60).rounded())), in: config.language)
    }
}
