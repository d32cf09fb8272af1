/// An alarm being edited on the box: a draft of the alarm in one slot, the row the knob is on and
/// the field it changes. Nothing reaches the alarm until the "Save" row is pressed.
public struct AlarmEditor: Sendable, Equatable {
    /// The editor's rows, top to bottom.
    public enum Row: Int, Sendable, CaseIterable {
        case time, days, enabled, skipNext, sound, ramp, snooze, volume, dawn, save
    }

    /// What a turn changes while a row is open.
    public enum Field: Sendable, Equatable {
        case hour, minute
        /// The days: the knob walks `AlarmEditor.dayChoices`; the index is the one shown.
        case days(Int)
        /// The row's value (sound, ramp, snooze, volume).
        case value
    }

    public var slot: Int
    public var draft: AlarmSettings
    public var row: Row
    /// nil: turning moves between rows.
    public var field: Field?
    /// Uptime of the last detent, for the knob's acceleration.
    public var lastTurn: Double?

    public init(slot: Int, draft: AlarmSettings, row: Row = .time, field: Field? = nil, lastTurn: Double? = nil) {
        self.slot = slot
        self.draft = draft
        self.row = row
        self.field = field
        self.lastTurn = lastTurn
    }

    /// What the days field offers, in knob order: "done" (close the field), the day groups, then
    /// each day alone (a press adds or removes it, so any set of days can be made).
    public static let dayChoices = ["done", "daily", "weekdays", "weekends", "mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    /// Ramp lengths offered, in seconds.
    public static let rampChoices: [Double] = [15, 30, 60, 120, 300, 600, 900, 1800]
    /// Snooze lengths offered, in minutes.
    public static let snoozeChoices: [Double] = [1, 2, 3, 5, 7, 9, 10, 15, 20, 30]
    /// Alarm volumes offered, in percent.
    public static let volumeChoices = Array(stride(from: 10, through: 100, by: 5))
    /// Dawn lengths offered, in minutes; 0 is no dawn.
    public static let dawnChoices: [Double] = [0, 15, 20, 30, 45, 60, 90]

    /// A new alarm's draft: 07:00 on weekdays, on.
    public static let newAlarm = AlarmSettings(hour: 7, minute: 0, weekdays: [2, 3, 4, 5, 6])

    /// The draft after `steps` on the open field (`behaviour` gives the values an alarm takes
    /// from `[alarm]` when it has none of its own). Hours and minutes wrap around; lists stop at
    /// their ends.
    public mutating func turn(_ steps: Int, behaviour: AlarmBehaviour) {
        switch field {
        case nil:
            let rows = Row.allCases.count
            row = Row(rawValue: min(max(0, row.rawValue + steps), rows - 1)) ?? row
        case .hour?:
            draft.hour = ((draft.hour + steps) % 24 + 24) % 24
        case .minute?:
            draft.minute = ((draft.minute + steps) % 60 + 60) % 60
        case .days(let i)?:
            field = .days(min(max(0, i + steps), Self.dayChoices.count - 1))
        case .value?:
            switch row {
            case .sound:
                let sounds = AlarmSettings.sounds
                let i = sounds.firstIndex(of: draft.sound ?? "chime") ?? 0
                let next = sounds[min(max(0, i + steps), sounds.count - 1)]
                draft.sound = next == "chime" ? nil : next
            case .ramp:
                draft.rampSeconds = Self.step(Self.rampChoices, from: draft.rampSeconds ?? behaviour.rampSeconds, by: steps)
            case .snooze:
                draft.snoozeMinutes = Self.step(Self.snoozeChoices, from: draft.snoozeMinutes ?? behaviour.snoozeMinutes, by: steps)
            case .volume:
                let current = Double(draft.volume ?? Int((behaviour.alarmVolume * 100).rounded()))
                draft.volume = Int(Self.step(Self.volumeChoices.map(Double.init), from: current, by: steps))
            case .dawn:
                let current = (draft.dawn ?? LightSettings().dawn) ? Double(draft.dawnMinutes ?? LightSettings().dawnMinutes) : 0
                let minutes = Int(Self.step(Self.dawnChoices, from: current, by: steps))
                draft.dawn = minutes > 0
                if minutes > 0 { draft.dawnMinutes = minutes }
            default:
                break
            }
        }
    }

    /// A press: opens the row's field, moves to the next field, or closes it. Returns true when
    /// the press asks to save (the "Save" row).
    public mutating func press() -> Bool {
        switch field {
        case nil:
            switch row {
            case .time: field = .hour
            case .days: field = .days(Self.dayChoices.firstIndex(of: Self.dayWord(draft.weekdays) ?? "done") ?? 0)
            case .enabled:
                draft.isEnabled.toggle()
                if !draft.isEnabled { draft.skipNext = false }
            case .skipNext: draft.skipNext.toggle()
            case .sound, .ramp, .snooze, .volume, .dawn: field = .value
            case .save: return true
            }
        case .hour?:
            field = .minute
        case .minute?:
            field = nil
            row = .days
        case .days(let i)?:
            let word = Self.dayChoices[i]
            if word == "done" {
                // An empty set would never ring: keep at least the days it had.
                if draft.weekdays.isEmpty { draft.weekdays = Set(1...7) }
                field = nil
                row = .save
            } else if let days = AlarmDays.days(for: word), days.count > 1 {
                draft.weekdays = days
                field = nil
                row = .save
            } else if let day = AlarmDays.days(for: word)?.first {
                if draft.weekdays.contains(day) { draft.weekdays.remove(day) } else { draft.weekdays.insert(day) }
            }
        case .value?:
            field = nil
            row = .save
        }
        return false
    }

    /// The group word for a set of days ("weekdays"), or nil when it is no group.
    public static func dayWord(_ days: Set<Int>) -> String? {
        AlarmDays.groups.first { $0.days == days }?.name
    }

    /// The value `steps` places from the choice nearest `current`, kept within the list.
    static func step(_ choices: [Double], from current: Double, by steps: Int) -> Double {
        let nearest = choices.indices.min { abs(choices[$0] - current) < abs(choices[$1] - current) } ?? 0
        return choices[min(max(0, nearest + steps), choices.count - 1)]
    }
}
