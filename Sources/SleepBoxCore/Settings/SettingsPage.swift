/// Where the owner is in the alarms and settings screens (the `.settings` overlay).
public enum SettingsPage: Sendable, Equatable {
    /// The alarm list: row 0 is "Back", then one row per alarm slot. `fromSettings` says where
    /// "Back" goes: to the settings list, or out (opened from the idle screen or the library).
    case alarmList(selected: Int, fromSettings: Bool)
    /// One alarm being edited: a draft, committed only by its "Save" row.
    case alarmEditor(AlarmEditor)
    /// A list of settings (`group` nil: the top level).
    case list(SettingsGroup?, selected: Int)
    /// One setting's value being chosen: `index` into its values; `lastTurn` times the knob.
    case value(key: String, index: Int, lastTurn: Double?)
    /// The date and the time being set.
    case clock(ClockEditor)
    /// Version, free space, the clock's source, last night.
    case about
    /// The nights' statistics (from the library's "Nights" row).
    case nights
    /// The calendar, `monthsBack` months before the current one.
    case calendar(monthsBack: Int)
    /// The owner's mixes (Settings > Sound > My mixes): row 0 is "Back", then one row per saved
    /// mix, then "New mix" while there is room for one.
    case mixList(selected: Int)
    /// One mix being made or edited: a draft, committed only by its "Save" row.
    case mixEditor(MixEditor)
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
    case about
    /// Opens the owner's mixes.
    case mixes
}
