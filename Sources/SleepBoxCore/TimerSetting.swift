/// A setting of the Timers menu the knob changes: a press on its row opens the value picker
/// (`ValuePicker`), its last press takes the value; going back or closing first changes nothing.
public enum TimerSetting: Sendable, Equatable, CaseIterable {
    /// The meditation timer's length, bed, breathing guide (off, or its pattern), interval bell
    /// and how that bell sounds (the short chime or the long bell).
    case length, sound, guide, bells, bellSound
    /// The bedtime reminder's switch, time and days.
    case reminderOn, reminderTime, reminderDays

    /// The row's label in the string table.
    public var key: StringTable.Key {
        switch self {
        case .length: return .timerLength
        case .sound: return .timerSound
        case .guide: return .breathingGuide
        case .bells: return .intervalBell
        case .bellSound: return .bellSound
        case .reminderOn: return .reminderSwitch
        case .reminderTime: return .reminderTime
        case .reminderDays: return .reminderDays
        }
    }
}
