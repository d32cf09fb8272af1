/// The library's contents: what each list holds, the top level's rows, playing a chosen item.
/// The page itself is `Pages/LibraryPage.swift`.
extension Box {
    /// How many items "Featured tonight" offers.
    static let featuredCount = 5

    /// The items of a category at `now`. Coming-soon items are listed by kind (and in Favorites
    /// when marked), never in Featured tonight or Continue listening. A kind's list has the items
    /// in the box's language first, then those in another (`kindItems`).
    public func menuItems(_ category: MenuCategory, at now: Moment) -> [ContentItem] {
        switch category {
        case .featuredTonight:
            return featuredTonight(at: now)
        case .continueListening:
            return continueListeningItems
        case .favorites:
            return state.favorites.compactMap { catalog.item($0) }
        case .kind(let kind):
            return kindItems(kind)
        case .series(let series):
            return seriesItems(series)
        case .timers, .meditationTimer, .nap, .bedtimeReminder, .nights, .alarms, .settings:
            return []
        }
    }

    /// Items begun and not finished, the most recently heard first.
    var continueListeningItems: [ContentItem] {
        state.progress
            .filter { id, entry in
                entry.position > 0 && entry.fraction < config.playback.resumeBelowFraction
                    && (catalog.item(id)?.isAvailable ?? false)
            }
            .sorted { $0.value.updated != $1.value.updated ? $0.value.updated > $1.value.updated : $0.key < $1.key }
            .compactMap { catalog.item($0.key) }
    }

    /// The items of `kind` as its list has them: in library order, those in the box's language
    /// before those in another; the brainwave tones among them by rate (delta, theta, alpha,
    /// beta, gamma), the binaural beats (headphones) before the tones a speaker plays.
    func kindItems(_ kind: ContentKind) -> [ContentItem] {
        var items = catalog.items.filter { $0.kind == kind && $0.series == nil }
        if kind == .story { items = Box.byStoryCategory(items) }
        return Box.tonesByRate(items.filter { !isOtherLanguage($0) }) + Box.tonesByRate(items.filter(isOtherLanguage))
    }

    /// Stories grouped by their category in `StoryCategory`'s order (those without one last),
    /// each group in the order it had.
    static func byStoryCategory(_ items: [ContentItem]) -> [ContentItem] {
        let order = StoryCategory.allCases
        let rank = { (item: ContentItem) in item.storyCategory.flatMap { order.firstIndex(of: $0) } ?? order.count }
        return items.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }

    /// `items` with the tones (`beatHz`) put in order among the places tones have, the rest where it was.
    static func tonesByRate(_ items: [ContentItem]) -> [ContentItem] {
        var tones = items.enumerated().filter { $0.element.beatHz != nil }
        tones.sort { a, b in
            let ka = (a.element.needsHeadphones ? 0 : 1, a.element.beatHz ?? 0, a.offset)
            let kb = (b.element.needsHeadphones ? 0 : 1, b.element.beatHz ?? 0, b.offset)
            return ka < kb
        }
        var result = items
        var next = tones.makeIterator()
        for index in result.indices where result[index].beatHz != nil {
            if let tone = next.next() { result[index] = tone.element }
        }
        return result
    }

    /// A row of the menu's top level.
    enum TopMenuRow: Equatable {
        /// "Restart <title>": first while an item plays or is paused.
        case restart(ItemID)
        /// "Add to favorites" (or "Remove from favorites") for the item playing or paused.
        case favorite(ItemID)
        case category(MenuCategory)
    }

    /// The top level's rows: "Restart <title>" and the favourite's row while an item plays or is
    /// paused, the content categories, then Timers.
    var topMenuRows: [TopMenuRow] {
        var rows: [TopMenuRow] = []
        if state.phase.isSeekable, let p = state.playback { rows += [.restart(p.item), .favorite(p.item)] }
        // The content's lists, then Timers, then the rows that open screens (Alarms, Settings).
        let categories = menuCategories
        return rows + categories.filter { !$0.opensScreen }.map { .category($0) } + [.category(.timers)]
            + categories.filter(\.opensScreen).map { .category($0) }
    }

    /// The categories the top level lists: Featured tonight and Favorites always, Continue
    /// listening when something is begun, a kind when the library has items of it, Alarms and
    /// Settings.
    public var menuCategories: [MenuCategory] {
        // Timers and the lists under it are added by `topMenuRows`.
        MenuCategory.all.filter { category in
            if case .kind(let kind) = category { return catalog.items.contains { $0.kind == kind && $0.series == nil } }
            if case .series(let series) = category { return catalog.items.contains { $0.series?.series == series } }
            if category == .continueListening { return !continueListeningItems.isEmpty }
            return true
        }
    }

    /// The length Featured tonight's first item, a yoga nidra, is chosen by: the one nearest ten minutes.
    static let featuredNidraSeconds = 600.0

    /// Featured tonight: first the yoga nidra nearest ten minutes long (the same every evening),
    /// then one available item of each of a few kinds, chosen anew each local evening (the same
    /// all evening: the day counts from noon to noon), in a fixed order of kinds.
    func featuredTonight(at now: Moment) -> [ContentItem] {
        let f = clock.fields(now.wall - 12 * 3600)
        let day = UInt64(max(0, f.year * 400 + f.month * 32 + f.day))
        var rng = SplitMix64(seed: 0x5EED_F00D ^ (day &* 0x9E37_79B9_7F4A_7C15))
        let playable = catalog.items.filter { $0.isAvailable && !state.unplayable.contains($0.id) }
        let nidra = kindItems(.yogaNidra).filter { playable.contains($0) }
            .min { abs($0.duration - Box.featuredNidraSeconds) < abs($1.duration - Box.featuredNidraSeconds) }
        // Without a yoga nidra, the first slot draws from the meditations and the nidras as before.
        let groups: [[ContentKind]] = [nidra == nil ? [.meditation, .yogaNidra] : [.meditation], [.story], [.breathing], [.poem],
                                       [.hypnosis, .affirmation], [.ambient]]
        var picks: [ContentItem] = nidra.map { [$0] } ?? []
        for kinds in groups where picks.count < Box.featuredCount {
            let candidates = playable.filter { kinds.contains($0.kind) }
            guard !candidates.isEmpty else { continue }
            picks.append(candidates[Int(rng.next() % UInt64(candidates.count))])
        }
        return picks
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
        // A part of a series belongs to no mode: skip goes on to the next part.
        guard item.series == nil,
              let mode = [Mode.meditation, .poetry].first(where: { config.pools[$0]?.contains(item.kind) ?? false }) else {
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
    /// For a part of a series, the next part in the series' order.
    func nextOfKind(after id: ItemID) -> ItemID? {
        guard let item = catalog.item(id) else { return nil }
        let kin = item.series.map { seriesItems($0.series) } ?? kindItems(item.kind)
        let ids = kin.filter { $0.isAvailable && !state.unplayable.contains($0.id) || $0.id == id }
            .map(\.id)
        guard let index = ids.firstIndex(of: id), ids.count > 1 else { return nil }
        return ids[(index + 1) % ids.count]
    }
}
