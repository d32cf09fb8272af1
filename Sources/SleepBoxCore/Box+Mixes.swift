/// The owner's mixes: made and edited on the box (Settings > Sound > My mixes: the pages
/// `Pages/MixListPage.swift` and `Pages/MixEditorPage.swift`), kept in the state, listed in the
/// library among the ambient items, played as the bundled mixes are.
///
/// The state is the one source of truth: the catalog's rows for the owner's mixes are made from
/// it (`syncOwnerMixItems`), and every start of one carries its definition (`Command.play`'s
/// `mix`), so the sound side never holds a mix the state does not.
extension Box {
    // MARK: The library's side

    /// The sounds a mix layer may play, in library order: generators, tones and recordings that
    /// can play.
    public var mixSounds: [ItemID] {
        catalog.items.filter { $0.isMixLayer && $0.isAvailable && !OwnerMix.isOwnerID($0.id) }.map(\.id)
    }

    /// The owner's mix with `id`, or nil.
    public func ownerMix(_ id: ItemID) -> OwnerMix? {
        guard OwnerMix.isOwnerID(id) else { return nil }
        return state.ownerMixes.first { $0.id == id }
    }

    /// A mix's name as the screens show it: its chosen name, or "My mix 2".
    public func mixTitle(_ mix: OwnerMix) -> String {
        let words = config.words
        guard let name = mix.name, let key = Self.mixNameKey(name) else {
            return words(.myMixNumber, ["n": String(mix.number)])
        }
        return words(key)
    }

    static func mixNameKey(_ name: String) -> StringTable.Key? {
        switch name {
        case "calm": return .mixCalm
        case "deep": return .mixDeep
        case "rain": return .mixRain
        case "night": return .mixNight
        case "ocean": return .mixOcean
        case "forest": return .mixForest
        case "soft": return .mixSoft
        case "quiet": return .mixQuiet
        default: return nil
        }
    }

    /// Makes the catalog's rows for the owner's mixes those of the state (after a save, a delete,
    /// a restore, a change of language), after the library's own items.
    mutating func syncOwnerMixItems() {
        catalog.items.removeAll { OwnerMix.isOwnerID($0.id) }
        for mix in state.ownerMixes.sorted(by: { $0.number < $1.number }) {
            catalog.items.append(ContentItem(id: mix.id, title: mixTitle(mix), kind: .ambient, duration: OwnerMix.lengthSeconds))
        }
    }

    /// `commands` with each start of an owner's mix carrying its definition.
    func withMixDefinitions(_ commands: [Command]) -> [Command] {
        guard !state.ownerMixes.isEmpty else { return commands }
        return commands.map { command in
            switch command {
            case .play(let id, let from, nil): return .play(id, from: from, mix: ownerMix(id))
            case .crossfade(let id, let from, let over, nil): return .crossfade(to: id, from: from, over: over, mix: ownerMix(id))
            default: return command
            }
        }
    }

    // MARK: The screens' rows

    /// The mix list's rows: "Back", the mixes by number, "New mix" while there is room.
    enum MixListRow: Equatable {
        case back
        case mix(OwnerMix)
        case new
    }

    var mixListRows: [MixListRow] {
        [.back] + state.ownerMixes.sorted { $0.number < $1.number }.map { .mix($0) }
            + (state.ownerMixes.count < OwnerMix.maximumCount ? [.new] : [])
    }

    /// The lowest number no mix has (1 ... `OwnerMix.maximumCount`).
    var freeMixNumber: Int? {
        (1...OwnerMix.maximumCount).first { n in !state.ownerMixes.contains { $0.number == n } }
    }

    func mixListRow(of number: Int) -> Int {
        mixListRows.firstIndex { if case .mix(let m) = $0 { return m.number == number } else { return false } } ?? 0
    }

    // MARK: Commits

    /// Keeps `mix` (replacing the one with its number); the library lists it at once. A mix
    /// playing now plays on as it started: the next start of it plays the new layers.
    mutating func saveMix(_ mix: OwnerMix) {
        if let index = state.ownerMixes.firstIndex(where: { $0.number == mix.number }) {
            state.ownerMixes[index] = mix
        } else {
            guard state.ownerMixes.count < OwnerMix.maximumCount else { return }
            state.ownerMixes.append(mix)
            state.ownerMixes.sort { $0.number < $1.number }
        }
        syncOwnerMixItems()
    }

    /// Deletes the mix `id`: out of the library, the favourites and the saved positions; when it
    /// plays, it fades out as the leaf stops it.
    mutating func deleteMix(_ id: ItemID, at now: Moment, into out: inout [Command]) {
        if state.playback?.item == id { turnOff(at: now, into: &out) }
        state.ownerMixes.removeAll { $0.id == id }
        state.favorites.removeAll { $0 == id }
        state.progress[id] = nil
        syncOwnerMixItems()
    }
}
