/// Version, free space, the clock's source, last night: nothing to choose; a press goes back.
public struct AboutPage: Sendable, Equatable, PageBehaviour {
    public init() {}

    var page: Page { .about(self) }

    func screen(_ box: Box, at now: Moment) -> Screen {
        let words = box.config.words
        let a = box.state.about
        let dash = "-"
        let clockText: String
        switch box.state.clockSource {
        case .ntp: clockText = words(.clockSynchronised)
        case .rtc: clockText = words(.clockFromRTC)
        case .setByHand: clockText = words(.clockSetByHand)
        case .untrusted: clockText = words(.clockNotSynchronised)
        }
        return .menu(MenuScreen(title: words(.about), rows: [
            MenuRow(kind: .category, label: words(.version), detail: a.version ?? dash),
            MenuRow(kind: .category, label: words(.freeSpace), detail: a.freeBytes.map(Box.sizeText) ?? dash),
            MenuRow(kind: .category, label: words(.clockSource), detail: clockText),
            MenuRow(kind: .category, label: words(.lastNight), detail: box.lastNightText(at: now) ?? a.lastNight ?? dash),
        ], selected: -1))
    }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {}

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove { .back }
}
