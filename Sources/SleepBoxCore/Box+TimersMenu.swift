/// The Timers lists' contents: the meditation timer (start, length, bed, breathing guide,
/// interval bell), the nap's lengths, the bedtime reminder (on, time, days, skip tonight); their
/// values and words. The page itself is `Pages/TimersPage.swift`.
extension Box {
    /// A row of a Timers list.
    enum TimersRow: Equatable {
        case back
        /// Opens one of the timers' lists.
        case open(MenuCategory)
        case startMeditation
        case setting(TimerSetting)
        /// Starts a nap of this many minutes.
        case napLength(Double)
        /// Skips the next bedtime reminder (or no longer).
        case skipTonight
    }

    /// The day sets the reminder's Days row offers, with their words.
    static let reminderDayPresets: [(days: Set<Int>, key: StringTable.Key)] = [
        (Set(1...7), .daysDaily), ([2, 3, 4, 5, 6], .daysWeekdays), ([1, 2, 3, 4, 5], .daysSchoolNights), ([1, 7], .daysWeekends),
    ]

    /// The lists that belong to the Timers menu.
    static func isTimers(_ category: MenuCategory) -> Bool {
        switch category {
        case .timers, .meditationTimer, .nap, .bedtimeReminder: return true
        default: return false
        }
    }

    /// The meditation timer as set up on the box, else as configured.
    public var meditationChoice: MeditationChoice { state.meditationChoice ?? config.meditation.defaultChoice }

    /// How the meditation timer's interval bells sound: as chosen on the box, else as configured.
    var intervalBell: MeditationSettings.Bell { meditationChoice.intervalBell ?? config.meditation.intervalBell }

    /// The bedtime reminder's time, days and switch as set on the box, else as configured.
    public var reminderSchedule: AlarmSettings { state.reminder ?? config.reminder.schedule }

    func timersRows(_ category: MenuCategory) -> [TimersRow] {
        switch category {
        case .timers: return [.back, .open(.meditationTimer), .open(.nap), .open(.bedtimeReminder)]
        case .meditationTimer: return [.back, .startMeditation] + [TimerSetting.length, .sound, .guide, .bells, .bellSound].map { .setting($0) }
        case .nap: return [.back] + config.nap.lengths.map { .napLength($0) }
        case .bedtimeReminder:
            return [.back] + [TimerSetting.reminderOn, .reminderTime, .reminderDays].map { .setting($0) } + [.skipTonight]
        default: return []
        }
    }

    /// The Timers list's detail of an entry: a running timer's time left, else its setting.
    func timersDetail(_ entry: MenuCategory, at now: Moment) -> String? {
        let running: TimerSession.Kind? = entry == .meditationTimer ? .meditation : entry == .nap ? .nap : nil
        if let session = state.session, session.kind == running {
            return countdownText(session.remaining(at: now.uptime))
        }
        switch entry {
        case .meditationTimer: return minutesLabel(meditationChoice.minutes)
        case .bedtimeReminder:
            let r = reminderSchedule
            return r.isEnabled ? r.timeText : config.words(.timerOff)
        default: return nil
        }
    }

    // MARK: - The settings' values

    private var lengthValues: [Double] { Array(Set(config.meditation.lengths + [meditationChoice.minutes])).sorted() }
    private var soundValues: [String?] {
        var values: [String?] = [nil] + config.meditation.sounds.map { Optional($0) }
        if let current = meditationChoice.sound, !config.meditation.sounds.contains(current) { values.append(current) }
        return values
    }
    private var bellValues: [Double] {
        Array(Set([0] + config.meditation.bellChoices + [meditationChoice.bellEveryMinutes])).sorted()
    }
    /// The guide's patterns: the configured one, those the box offers, one chosen before if neither.
    private var patternValues: [String] {
        let offered = config.meditation.patternChoices
        let current = meditationChoice.pattern ?? config.meditation.patternName
        return offered.contains(current) ? offered : offered + [current]
    }
    private var dayValues: [Set<Int>] {
        let current = reminderSchedule.weekdays
        let presets = Box.reminderDayPresets.map(\.days)
        return presets.contains(current) ? presets : presets + [current]
    }

    /// The picker a press on a setting's row opens, at the value now: the reminder's time as a
    /// time (the hour, then the minute), the others as a choice among their values.
    func picker(for setting: TimerSetting) -> ValuePicker {
        guard setting != .reminderTime else { return .time(hour: reminderSchedule.hour, minute: reminderSchedule.minute) }
        return .choice(settingIndex(setting), count: settingLabels(setting).count)
    }

    /// A setting's value as its row shows it; `picker` while the knob is changing it.
    func settingText(_ setting: TimerSetting, picker: ValuePicker?) -> String {
        if setting == .reminderTime {
            guard let picker else { return reminderSchedule.timeText }
            return picker.timeText
        }
        let labels = settingLabels(setting)
        let value = labels[min(max(0, picker?.index ?? settingIndex(setting)), labels.count - 1)]
        return picker == nil ? value : "< \(value) >"
    }

    /// Takes what `picker` holds for `setting` (kept in the state: it wins over the configuration).
    mutating func apply(_ setting: TimerSetting, _ picker: ValuePicker) {
        guard setting == .reminderTime else {
            if picker.index != settingIndex(setting) { apply(setting, picker.index) }
            return
        }
        var r = reminderSchedule
        guard r.hour != picker.hour || r.minute != picker.minute else { return }
        r.hour = picker.hour
        r.minute = picker.minute
        state.reminder = r
        // A skip belongs to the reminder it was set for.
        state.reminderLog.skipping = nil
    }

    /// The labels of a setting's values, in knob order (the reminder's time is a time, not a list).
    func settingLabels(_ setting: TimerSetting) -> [String] {
        let words = config.words
        switch setting {
        case .length: return lengthValues.map(minutesLabel)
        case .sound: return soundValues.map(soundName)
        case .guide: return [words(.timerOff)] + patternValues
        case .bells: return bellValues.map { $0 == 0 ? words(.timerOff) : minutesLabel($0) }
        case .bellSound: return [words(.bellShort), words(.bellLong)]
        case .reminderOn: return [words(.timerOff), words(.settingOn)]
        case .reminderTime: return [reminderSchedule.timeText]
        case .reminderDays: return dayValues.map(daysName)
        }
    }

    /// The index of a setting's value now.
    func settingIndex(_ setting: TimerSetting) -> Int {
        let c = meditationChoice, r = reminderSchedule
        switch setting {
        case .length: return lengthValues.firstIndex(of: c.minutes) ?? 0
        case .sound: return soundValues.firstIndex(of: c.sound) ?? 0
        case .guide: return c.guide ? 1 + (patternValues.firstIndex(of: c.pattern ?? config.meditation.patternName) ?? 0) : 0
        case .bells: return bellValues.firstIndex(of: c.bellEveryMinutes) ?? 0
        case .bellSound: return intervalBell == .bell ? 1 : 0
        case .reminderOn: return r.isEnabled ? 1 : 0
        case .reminderTime: return 0
        case .reminderDays: return dayValues.firstIndex(of: r.weekdays) ?? 0
        }
    }

    /// Takes a setting's value at `index` (kept in the state: it wins over the configuration).
    mutating func apply(_ setting: TimerSetting, _ index: Int) {
        var c = meditationChoice, r = reminderSchedule
        switch setting {
        case .length: c.minutes = lengthValues[index]
        case .sound: c.sound = soundValues[index]
        case .guide:
            c.guide = index > 0
            // The configured pattern is kept as nil, so a new one in the file is followed.
            if index > 0 { c.pattern = patternValues[index - 1] == config.meditation.patternName ? nil : patternValues[index - 1] }
        case .bells: c.bellEveryMinutes = bellValues[index]
        case .bellSound:
            // The configured sound is kept as nil, so a change in the file is followed.
            let bell: MeditationSettings.Bell = index == 1 ? .bell : .chime
            c.intervalBell = bell == config.meditation.intervalBell ? nil : bell
        case .reminderOn: r.isEnabled = index == 1
        case .reminderTime: return
        case .reminderDays: r.weekdays = dayValues[index]
        }
        switch setting {
        case .length, .sound, .guide, .bells, .bellSound: state.meditationChoice = c
        case .reminderOn, .reminderTime, .reminderDays:
            state.reminder = r
            // A skip belongs to the reminder it was set for.
            state.reminderLog.skipping = nil
        }
    }

    // MARK: - Words

    func minutesLabel(_ minutes: Double) -> String { config.words.table.timerLabel(.minutes(minutes), in: config.language) }

    /// "Rain", "Silence"; an unknown generator by its own name.
    func soundName(_ name: String?) -> String {
        let words = config.words
        switch name {
        case nil: return words(.silence)
        case "rain": return words(.soundRain)
        case "ocean": return words(.soundOcean)
        case "forest": return words(.soundForest)
        case "white": return words(.soundWhite)
        case "pink": return words(.soundPink)
        case "brown": return words(.soundBrown)
        case let other?: return other
        }
    }

    /// "Every day", "Mon-Fri", or the short names of the days ("Mon Wed").
    func daysName(_ days: Set<Int>) -> String {
        if let preset = Box.reminderDayPresets.first(where: { $0.days == days }) { return config.words(preset.key) }
        return days.sorted().map { config.words.table.weekday($0, in: config.language, short: true) }.joined(separator: " ")
    }

    /// "12:34" (minutes and seconds), "1:02:03" past an hour.
    func countdownText(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.rounded(.up)))
        return s >= 3600 ? "\(s / 3600):" + twoDigits(s / 60 % 60) + ":" + twoDigits(s % 60) : "\(s / 60):" + twoDigits(s % 60)
    }
}
