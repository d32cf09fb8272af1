/// An alarm being edited on the box: a draft of the alarm in one slot, the row the knob is on and
/// the field it changes. Nothing reaches the alarm until the "Save" row is pressed.
public struct AlarmEditor: Sendable, Equatable {
    /// The editor's rows, top to bottom.
    public enum Row: Int, Sendable, CaseIterable {
        case time, days, enabled, skipNext, sound, ramp, snooze, volume, dawn, save
    }

    /// What a turn changes while a row is open: the value picker on the row's values.
    public enum Field: Sendable, Equatable {
        /// The time: the hour, then the minute.
        case time(ValuePicker)
        /// The days: the picker walks `AlarmEditor.dayChoices`; a press on a day adds or removes it.
        case days(ValuePicker)
        /// The row's value (sound, ramp, snooze, volume, dawn): the picker walks the row's values.
        case value(ValuePicker)

        /// The picker of the field.
        public var picker: ValuePicker {
            switch self {
            case .time(let p), .days(let p), .value(let p): return p
            }
        }
    }

    public var slot: Int
    public var draft: AlarmSettings
    public var row: Row
    /// nil: turning moves between rows. An open field is a level of its own in the pages (the
    /// editor below it as it was), so holding the knob there leaves the draft as it was.
    public var field: Field?

    public init(slot: Int, draft: AlarmSettings, row: Row = .time, field: Field? = nil) {
        self.slot = slot
        self.draft = draft
        self.row = row
        self.field = field
    }

    /// What the days field offers, in knob order: "done" (close the field), the day groups, then
    /// each day alone (a press adds or removes it, so any set of days can be made).
    public static let dayChoices = ["done", "daily", "weekdays", "weekends", "mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    /// Ramp lengths offered, in seconds.
    public static let rampChoices: [Double] = [15, 30, 60, 120, 300, 600, 900, 1800]
    /// Snooze lengths offered, in minutes.
    public static let snoozeChoices: [Double] = [1, 2, 3, 5, 7, 9, 10, 15, 20, 30]
    /// Alarm volumes offered, in percent: 10 ... 100 in steps of 5.
    public static let volumeRange = 10...100
    public static let volumeStep = 5
    /// Dawn lengths offered, in minutes; 0 is no dawn.
    public static let dawnChoices: [Double] = [0, 15, 20, 30, 45, 60, 90]

    /// A new alarm's draft: 07:00 on weekdays, on.
    public static let newAlarm = AlarmSettings(hour: 7, minute: 0, weekdays: [2, 3, 4, 5, 6])

    /// True while the time's hour (`0`) or minute (`1`) is open.
    public func isTimeOpen(_ part: Int) -> Bool {
        if case .time(let p)? = field { return p.open == part }
        return false
    }

    /// True while the row's value field is open.
    public var isValueOpen: Bool {
        if case .value? = field { return true }
        return false
    }

    /// The knob turned `detents` at `uptime` (`behaviour` gives the values an alarm takes from
    /// `[alarm]` when it has none of its own): between rows, or the open field's picker, whose
    /// value the draft takes.
    public mutating func turn(_ detents: Int, at uptime: Double, behaviour: AlarmBehaviour) {
        guard var picker = field?.picker else {
            let rows = Row.allCases.count
            row = Row(rawValue: min(max(0, row.rawValue + detents), rows - 1)) ?? row
            return
        }
        picker.turn(detents, at: uptime)
        switch field {
        case .time?:
            draft.hour = picker.hour
            draft.minute = picker.minute
            field = .time(picker)
        case .days?:
            field = .days(picker)
        case .value?:
            take(picker, behaviour: behaviour)
            field = .value(picker)
        case nil:
            break
        }
    }

    /// The picker a press on the row opens, at the draft's value.
    func picker(for row: Row, behaviour: AlarmBehaviour) -> ValuePicker {
        switch row {
        case .time:
            return .time(hour: draft.hour, minute: draft.minute)
        case .days:
            return .choice(Self.dayChoices.firstIndex(of: Self.dayWord(draft.weekdays) ?? "done") ?? 0, count: Self.dayChoices.count)
        case .sound:
            let sounds = AlarmSettings.sounds
            return .choice(sounds.firstIndex(of: draft.sound ?? "chime") ?? 0, count: sounds.count)
        case .ramp:
            return .choice(nearest: draft.rampSeconds ?? behaviour.rampSeconds, in: Self.rampChoices)
        case .snooze:
            return .choice(nearest: draft.snoozeMinutes ?? behaviour.snoozeMinutes, in: Self.snoozeChoices)
        case .volume:
            return .number(draft.volume ?? Int((behaviour.alarmVolume * 100).rounded()), in: Self.volumeRange, step: Self.volumeStep)
        case .dawn:
            return .choice(nearest: Double(dawnMinutes), in: Self.dawnChoices)
        case .enabled, .skipNext, .save:
            return .choice(0, count: 1)
        }
    }

    /// The draft's dawn in minutes, 0 when it has none.
    var dawnMinutes: Int {
        (draft.dawn ?? LightSettings().dawn) ? (draft.dawnMinutes ?? LightSettings().dawnMinutes) : 0
    }

    /// The draft with the value `picker` holds for the row.
    private mutating func take(_ picker: ValuePicker, behaviour: AlarmBehaviour) {
        switch row {
        case .sound:
            let next = AlarmSettings.sounds[picker.index]
            draft.sound = next == "chime" ? nil : next
        case .ramp: draft.rampSeconds = Self.rampChoices[picker.index]
        case .snooze: draft.snoozeMinutes = Self.snoozeChoices[picker.index]
        case .volume: draft.volume = picker.value
        case .dawn:
            let minutes = Int(Self.dawnChoices[picker.index])
            draft.dawn = minutes > 0
            if minutes > 0 { draft.dawnMinutes = minutes }
        case .time, .days, .enabled, .skipNext, .save:
            break
        }
    }

    /// What a press asks of the box besides moving in the editor.
    public enum PressOutcome: Sendable, Equatable {
        /// Stays on the editor, or on the open field (the next part of it).
        case none
        /// A field opened: a level of its own over the editor as it was.
        case opened
        /// The field closed, its value in the draft: back to the editor.
        case closed
        /// "Save" was pressed.
        case save
    }

    /// A press: opens the row's field, moves to the next part of it, or closes it.
    public mutating func press(behaviour: AlarmBehaviour) -> PressOutcome {
        guard let open = field else {
            switch row {
            case .time, .days, .sound, .ramp, .snooze, .volume, .dawn:
                let picker = picker(for: row, behaviour: behaviour)
                field = row == .time ? .time(picker) : row == .days ? .days(picker) : .value(picker)
                return .opened
            case .enabled:
                draft.isEnabled.toggle()
                if !draft.isEnabled { draft.skipNext = false }
            case .skipNext: draft.skipNext.toggle()
            case .save: return .save
            }
            return .none
        }
        var picker = open.picker
        switch open {
        case .time:
            guard picker.press() else {
                field = .time(picker)
                return .none
            }
            field = nil
            row = .days
        case .days:
            let word = Self.dayChoices[picker.index]
            picker.lastTurn = nil
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
                field = .days(picker)
                return .none
            }
        case .value:
            field = nil
            row = .save
        }
        return .closed
    }

    /// The group word for a set of days ("weekdays"), or nil when it is no group.
    public static func dayWord(_ days: Set<Int>) -> String? {
        AlarmDays.groups.first { $0.days == days }?.name
    }
}
