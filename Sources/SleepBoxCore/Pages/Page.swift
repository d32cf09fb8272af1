/// A screen the owner moves through with the knob: the library and its lists, Timers, the
/// alarms, the settings, the editors, My mixes, Nights. Every page is one case here, with its own
/// state in a type of its own file; the navigator (`Box+Pages.swift`) keeps them in a stack.
///
/// One rule for the knob on every page: a turn moves (or changes what is being edited), a press
/// opens, plays, takes or commits, and holding goes back one level without committing anything;
/// at the top level it closes.
public enum Page: Sendable, Equatable {
    /// The library's top level or the items of one of its lists.
    case library(LibraryPage)
    /// One item's details (from a press on its row in a list).
    case item(ItemPage)
    /// Timers and its lists (the meditation timer, the nap, the bedtime reminder).
    case timers(TimersPage)
    /// The nights' statistics, then the calendar.
    case nights(NightsPage)
    /// The alarm list.
    case alarmList(AlarmListPage)
    /// One alarm being edited.
    case alarmEditor(AlarmEditor)
    /// A list of settings.
    case settingsList(SettingsListPage)
    /// One owner setting's value being chosen.
    case value(ValuePage)
    /// The date and the time being set.
    case clock(ClockEditor)
    /// The time zone being chosen: a region's cities, or the regions.
    case timeZone(TimeZonePage)
    /// Version, free space, the clock's source, last night.
    case about(AboutPage)
    /// The owner's mixes.
    case mixList(MixListPage)
    /// One mix being made or edited.
    case mixEditor(MixEditor)
    /// Settings > Connect: the home network, pairing, forgetting.
    case connect(ConnectPage)
    /// The pairing code shown for the companion.
    case pairing(PairingPage)

    /// The page's behaviour (the one place that looks at which page it is).
    var behaviour: any PageBehaviour {
        switch self {
        case .library(let p): return p
        case .item(let p): return p
        case .timers(let p): return p
        case .nights(let p): return p
        case .alarmList(let p): return p
        case .alarmEditor(let p): return p
        case .settingsList(let p): return p
        case .value(let p): return p
        case .clock(let p): return p
        case .timeZone(let p): return p
        case .about(let p): return p
        case .mixList(let p): return p
        case .mixEditor(let p): return p
        case .connect(let p): return p
        case .pairing(let p): return p
        }
    }
}

/// What a page does with the knob. The navigator hands a page the box and takes the page back
/// (`page`) after a turn or a press; holding the knob is the navigator's alone (back one level).
protocol PageBehaviour: Sendable {
    /// This page's state as a `Page`.
    var page: Page { get }
    /// What the display shows.
    func screen(_ box: Box, at now: Moment) -> Screen
    /// The knob turned: the page's own state moves; nothing is committed.
    mutating func turned(_ detents: Int, _ box: Box, at now: Moment)
    /// A short press: what it does (committing, playing, starting) and where the navigator goes.
    /// The box has no overlay while a page is pressed: a page that closes may leave a notice.
    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove
}

/// Where a press takes the navigator.
enum PageMove: Sendable, Equatable {
    /// Stays on the page (as the press left it).
    case stay
    /// Opens `page` over this one.
    case open(Page)
    /// Back one level (a "Back" row, or a commit that returns where it came from).
    case back
    /// Back one level, to `page` (the page below as the commit changed it).
    case backTo(Page)
    /// Closes the pages (the box then shows what the press left: nothing, or a notice).
    case close
}
