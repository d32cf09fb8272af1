/// The owner's mixes (Settings > Sound > My mixes): row 0 is "Back", then one row per saved mix,
/// then "New mix" while there is room for one. A press opens a mix's editor, or a new one.
public struct MixListPage: Sendable, Equatable, PageBehaviour {
    public var selected: Int

    public init(selected: Int) {
        self.selected = selected
    }

    var page: Page { .mixList(self) }

    func screen(_ box: Box, at now: Moment) -> Screen { box.mixListScreen(selected) }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        selected = min(max(0, selected + detents), box.mixListRows.count - 1)
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        let rows = box.mixListRows
        guard rows.indices.contains(selected) else { return .stay }
        switch rows[selected] {
        case .back:
            return .back
        case .mix(let mix):
            return .open(.mixEditor(MixEditor(draft: mix, isSaved: true)))
        case .new:
            guard let number = box.freeMixNumber else { return .stay }
            return .open(.mixEditor(MixEditor(draft: OwnerMix(number: number, layers: []), isSaved: false)))
        }
    }
}

extension Box {
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
}
