/// The owner's mixes: made and edited on the box (Settings > Sound > My mixes), kept in the
/// state, listed in the library among the ambient items, played as the bundled mixes are.
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

    // MARK: The knob

    mutating func mixListTurned(_ selected: Int, _ detents: Int, at now: Moment) {
        openSettings(.mixList(selected: min(max(0, selected + detents), mixListRows.count - 1)), at: now)
    }

    mutating func mixEditorTurned(_ editor: MixEditor, _ detents: Int, at now: Moment) {
        var editor = editor
        let steps = editor.field == .level ? KnobAcceleration.steps(detents, gap: editor.lastTurn.map { now.uptime - $0 }) : detents
        editor.turn(steps, sounds: mixSounds)
        editor.lastTurn = now.uptime
        openSettings(.mixEditor(editor), at: now)
    }

    mutating func mixListPressed(_ selected: Int, at now: Moment) {
        let rows = mixListRows
        guard rows.indices.contains(selected) else { return }
        switch rows[selected] {
        case .back:
            openSettings(.list(.sound, selected: settingsRows(.sound).firstIndex(of: .mixes) ?? 0), at: now)
        case .mix(let mix):
            openSettings(.mixEditor(MixEditor(draft: mix, isSaved: true)), at: now)
        case .new:
            guard let number = freeMixNumber else { return }
            openSettings(.mixEditor(MixEditor(draft: OwnerMix(number: number, layers: []), isSaved: false)), at: now)
        }
    }

    mutating func mixEditorPressed(_ editor: MixEditor, at now: Moment, into out: inout [Command]) {
        var editor = editor
        switch editor.press(sounds: mixSounds) {
        case .none:
            editor.lastTurn = nil
            openSettings(.mixEditor(editor), at: now)
        case .save:
            guard !editor.draft.layers.isEmpty else {
                // Nothing to save: straight to the first sound (the screen says to choose one).
                editor.row = .layer1
                _ = editor.press(sounds: mixSounds)
                openSettings(.mixEditor(editor), at: now)
                return
            }
            saveMix(editor.draft)
            openSettings(.mixList(selected: mixListRow(of: editor.draft.number)), at: now)
            if config.audio.confirmationCues { out.append(.playCue(.tick)) }
        case .delete:
            deleteMix(editor.draft.id, at: now, into: &out)
            openSettings(.mixList(selected: min(1, mixListRows.count - 1)), at: now)
            if config.audio.confirmationCues { out.append(.playCue(.tick)) }
        }
    }

    /// The knob held in the mix list goes back to Sound; in the editor back to the list, with
    /// nothing saved.
    mutating func mixListHeld(at now: Moment) {
        openSettings(.list(.sound, selected: settingsRows(.sound).firstIndex(of: .mixes) ?? 0), at: now)
    }

    mutating func mixEditorHeld(_ editor: MixEditor, at now: Moment) {
        let row = editor.isSaved ? mixListRow(of: editor.draft.number) : mixListRows.count - 1
        openSettings(.mixList(selected: row), at: now)
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

    // MARK: What the screens show

    func mixListScreen(_ selected: Int) -> Screen {
        let words = config.words
        let rows = mixListRows.map { row -> MenuRow in
            switch row {
            case .back: return MenuRow(kind: .back, label: words(.back))
            case .mix(let mix):
                return MenuRow(kind: .category, label: mixTitle(mix), detail: String(mix.layers.count))
            case .new: return MenuRow(kind: .action, label: words(.newMix), detail: "+")
            }
        }
        return .menu(MenuScreen(title: words(.myMixes), rows: rows, selected: min(selected, rows.count - 1)))
    }

    /// "-6 dB".
    static func levelText(_ db: Int) -> String { String(db) + " dB" }

    func mixEditorScreen(_ e: MixEditor) -> Screen {
        let words = config.words
        let sounds = mixSounds
        func mark(_ text: String, _ open: Bool) -> String { open ? "<" + text + ">" : text }
        func title(_ id: ItemID?) -> String { id.map { catalog.item($0)?.title ?? $0 } ?? words(.mixNone) }
        // A sound's name takes its whole row ("Isochronic Gamma 40 Hz"); its level has the row
        // under it ("Level  -10 dB"), where the knob sets it.
        var rows: [MenuRow] = []
        var selected = 0
        for layer in 0..<OwnerMix.maximumLayers {
            let here = e.layerIndex == layer
            let present = e.draft.layers.indices.contains(layer)
            if here { selected = rows.count }
            if here, case .sound(let i)? = e.field {
                let offered = e.choices(for: layer, among: sounds)
                rows.append(MenuRow(kind: .category, label: mark(title(offered.indices.contains(i) ? offered[i] : nil), true)))
            } else if present {
                rows.append(MenuRow(kind: .category, label: title(e.draft.layers[layer].sound)))
            } else {
                rows.append(MenuRow(kind: .category, label: words(.mixLayer, ["n": String(layer + 1)]), detail: words(.mixNone)))
            }
            if present {
                if here && e.field == .level { selected = rows.count }
                rows.append(MenuRow(kind: .category, label: words(.mixLevel),
                                    detail: mark(Self.levelText(e.draft.layers[layer].levelDB), here && e.field == .level)))
            }
        }
        let others: [(MixEditor.Row, MenuRow)] = [
            (.name, MenuRow(kind: .category, label: words(.mixName), detail: mark(mixTitle(e.draft), e.field == .name))),
            (.save, MenuRow(kind: .category, label: words(.save))),
            (.delete, MenuRow(kind: .category, label: words(.delete))),
        ]
        for (row, menuRow) in others where e.rows.contains(row) {
            if e.row == row { selected = rows.count }
            rows.append(menuRow)
        }
        let hint = e.draft.layers.isEmpty ? words(.mixNeedsSound) : nil
        return .menu(MenuScreen(title: mixTitle(e.draft), rows: rows, selected: selected, hint: hint))
    }
}
