/// Lengths: an item's length is an estimate until the audio side has laid it out (its speech
/// rendered); from then on the measured length is used everywhere (menus, the playing screen,
/// positions, progress), and kept across restarts so an estimate never replaces it.
extension Box {
    /// The audio side measured `id`'s real length.
    mutating func lengthMeasured(_ id: ItemID, seconds: Double) {
        guard seconds.isFinite, seconds > 0, catalog.item(id) != nil else { return }
        state.measuredLengths[id] = seconds
        useLength(seconds, for: id)
    }

    /// Takes the lengths measured before a restart back: for an item whose length is only
    /// estimated now (its speech not cached any more), the measured one is used. A length the
    /// library knows exactly now (a new voice, its speech cached) wins and is kept.
    mutating func restoreMeasuredLengths(_ saved: [ItemID: Double]) {
        for (id, seconds) in saved where seconds.isFinite && seconds > 0 {
            guard let item = catalog.item(id) else { continue }
            if item.durationIsEstimate {
                state.measuredLengths[id] = seconds
                useLength(seconds, for: id)
            } else {
                state.measuredLengths[id] = item.duration
            }
        }
        // Progress saved against an estimate follows the length known now.
        for id in state.progress.keys {
            if let item = catalog.item(id), !item.durationIsEstimate { useLength(item.duration, for: id) }
        }
    }

    /// `id` lasts `seconds` from now on: in the catalog and in its saved progress (the position
    /// stays where it was; the fraction follows the real length).
    private mutating func useLength(_ seconds: Double, for id: ItemID) {
        guard let index = catalog.items.firstIndex(where: { $0.id == id }) else { return }
        catalog.items[index].duration = seconds
        catalog.items[index].durationIsEstimate = false
        if var entry = state.progress[id] {
            entry.duration = seconds
            entry.position = min(entry.position, seconds)
            state.progress[id] = entry
        }
    }
}
