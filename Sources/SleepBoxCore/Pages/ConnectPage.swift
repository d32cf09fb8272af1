/// Settings > Connect: the home network (the companion's page and Home Assistant bridge) on or
/// off, and while on, pairing a device and forgetting them all.
public struct ConnectPage: Sendable, Equatable, PageBehaviour {
    public var selected: Int

    public init(selected: Int = 1) {
        self.selected = selected
    }

    /// The page's rows.
    enum Row: Sendable, Equatable {
        case back, homeNetwork, pair, forget
    }

    static func rows(_ box: Box) -> [Row] {
        [.back, .homeNetwork] + (box.state.companion.enabled ? [.pair, .forget] : [])
    }

    var page: Page { .connect(self) }

    func screen(_ box: Box, at now: Moment) -> Screen {
        let words = box.config.words
        let rows = ConnectPage.rows(box).map { row -> MenuRow in
            switch row {
            case .back: return MenuRow(kind: .back, label: words(.back))
            case .homeNetwork:
                return MenuRow(kind: .setting, label: words(.homeNetwork), detail: words(box.state.companion.enabled ? .on : .off))
            case .pair: return MenuRow(kind: .category, label: words(.pairDevice), detail: ">")
            case .forget: return MenuRow(kind: .action, label: words(.forgetDevices))
            }
        }
        return .menu(MenuScreen(title: words(.connect), rows: rows, selected: min(selected, rows.count - 1)))
    }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        selected = min(max(0, selected + detents), ConnectPage.rows(box).count - 1)
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        let rows = ConnectPage.rows(box)
        guard rows.indices.contains(selected) else { return .stay }
        switch rows[selected] {
        case .back:
            return .back
        case .homeNetwork:
            box.changeCompanion(box.state.companion.enabled ? .off : .on, at: now)
            if box.config.audio.confirmationCues { out.append(.playCue(.tick)) }
            return .stay
        case .pair:
            box.drawPairingCode(at: now, into: &out)
            return .open(.pairing(PairingPage()))
        case .forget:
            box.changeCompanion(.forget, at: now)
            box.state.overlay = .message(box.config.words(.devicesForgotten), until: now.uptime + box.config.display.messageSeconds)
            if box.config.audio.confirmationCues { out.append(.playCue(.tick)) }
            return .close
        }
    }
}
