/// A list of settings: the top level (Alarms, the groups, the general settings, About) or one
/// group's. A press opens what the row names; a setting's row opens its value.
public struct SettingsListPage: Sendable, Equatable, PageBehaviour {
    /// nil: the top level.
    public var group: SettingsGroup?
    public var selected: Int

    public init(group: SettingsGroup?, selected: Int) {
        self.group = group
        self.selected = selected
    }

    var page: Page { .settingsList(self) }

    func screen(_ box: Box, at now: Moment) -> Screen {
        let words = box.config.words
        let rows = box.settingsRows(group).map { box.settingsRow($0) }
        let title: String
        switch group {
        case nil, .general?: title = words(.settings)
        case .clock?: title = words(.clock)
        case .display?: title = words(.display)
        case .sound?: title = words(.sound)
        }
        return .menu(MenuScreen(title: title, rows: rows, selected: selected))
    }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        selected = min(max(0, selected + detents), box.settingsRows(group).count - 1)
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        let rows = box.settingsRows(group)
        guard rows.indices.contains(selected) else { return .stay }
        switch rows[selected] {
        case .back: return .back
        case .alarms: return .open(.alarmList(AlarmListPage(selected: 1)))
        case .group(let g): return .open(.settingsList(SettingsListPage(group: g, selected: min(1, box.settingsRows(g).count - 1))))
        case .setClock: return .open(.clock(ClockEditor(from: box.clock.fields(now.wall))))
        case .setting(let key):
            guard let setting = OwnerSetting.named(key) else { return .stay }
            if key == OwnerSetting.timeZone.key { return .open(.timeZone(TimeZonePage(zone: setting.value(in: box.config)))) }
            return .open(.value(ValuePage(setting, in: box.config)))
        case .connect: return .open(.connect(ConnectPage()))
        case .about: return .open(.about(AboutPage()))
        case .mixes: return .open(.mixList(MixListPage(selected: 1)))
        }
    }
}

/// The groups the settings list opens; the top level holds the rest.
public enum SettingsGroup: String, Sendable, Equatable, CaseIterable {
    case general, clock, display, sound
}

/// One line of a settings list.
public enum SettingsRow: Sendable, Equatable {
    case back
    /// Opens the alarm list.
    case alarms
    /// Opens a group.
    case group(SettingsGroup)
    /// Sets the date and the time.
    case setClock
    /// A setting (`OwnerSetting.key`): opens its value.
    case setting(String)
    /// Opens Connect (the companion).
    case connect
    case about
    /// Opens the owner's mixes.
    case mixes
}
