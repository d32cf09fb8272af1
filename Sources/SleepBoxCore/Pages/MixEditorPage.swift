/// A mix being made or edited as a page: the layers' sounds and levels, its name, "Save" (back to
/// the list on the mix) and, for a saved mix, "Delete". A press on a layer or the name opens its
/// field as a level of its own over the editor (holding the knob there goes back to the editor as
/// it was); the field's last press goes back to the editor with the value.
extension MixEditor: PageBehaviour {
    var page: Page { .mixEditor(self) }

    func screen(_ box: Box, at now: Moment) -> Screen { box.mixEditorScreen(self) }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        turn(detents, at: now.uptime)
        lastTurn = now.uptime
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        let before = self
        lastTurn = nil
        switch press(sounds: box.mixSounds) {
        case .none:
            return .stay
        case .opened:
            let opened = self
            self = before
            return .open(.mixEditor(opened))
        case .closed:
            return .backTo(.mixEditor(self))
        case .save:
            guard !draft.layers.isEmpty else {
                // Nothing to save: straight to the first sound (the screen says to choose one), a
                // level over the editor as it was.
                row = .layer1
                _ = press(sounds: box.mixSounds)
                let opened = self
                self = before
                return .open(.mixEditor(opened))
            }
            box.saveMix(draft)
            if box.config.audio.confirmationCues { out.append(.playCue(.tick)) }
            return .backTo(.mixList(MixListPage(selected: box.mixListRow(of: draft.number))))
        case .delete:
            box.deleteMix(draft.id, at: now, into: &out)
            if box.config.audio.confirmationCues { out.append(.playCue(.tick)) }
            return .backTo(.mixList(MixListPage(selected: min(1, box.mixListRows.count - 1))))
        }
    }
}

extension Box {
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
            if here, case .sound? = e.field {
                rows.append(MenuRow(kind: .category, label: mark(title(e.pickedSound(among: sounds)), true)))
            } else if present {
                rows.append(MenuRow(kind: .category, label: title(e.draft.layers[layer].sound)))
            } else if layer <= e.draft.layers.count {
                rows.append(MenuRow(kind: .category, label: words(.mixLayer, ["n": String(layer + 1)]), detail: words(.mixNone)))
            }
            if present {
                if here && e.isLevelOpen { selected = rows.count }
                rows.append(MenuRow(kind: .category, label: words(.mixLevel),
                                    detail: mark(Self.levelText(e.draft.layers[layer].levelDB), here && e.isLevelOpen)))
            }
        }
        // The name being chosen shows in its row and the title before it is taken.
        var shown = e.draft
        shown.name = e.pickedName
        var nameOpen = false
        if case .name? = e.field { nameOpen = true }
        let others: [(MixEditor.Row, MenuRow)] = [
            (.name, MenuRow(kind: .category, label: words(.mixName), detail: mark(mixTitle(shown), nameOpen))),
            (.save, MenuRow(kind: .category, label: words(.save))),
            (.delete, MenuRow(kind: .category, label: words(.delete))),
        ]
        for (row, menuRow) in others where e.rows.contains(row) {
            if e.row == row { selected = rows.count }
            rows.append(menuRow)
        }
        let hint = e.draft.layers.isEmpty ? words(.mixNeedsSound) : nil
        return .menu(MenuScreen(title: mixTitle(shown), rows: rows, selected: selected, hint: hint))
    }
}
