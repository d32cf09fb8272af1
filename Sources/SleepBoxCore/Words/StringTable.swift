/// A language the box speaks and writes (`language` in the configuration file).
public enum Language: String, Sendable, Hashable, CaseIterable, Codable {
    case english = "en"
    case german = "de"

    /// The language of a code such as "en", "en-US", "en_GB.UTF-8", "de", "de-AT" or "German";
    /// nil for languages the table does not have.
    public init?(code: String) {
        let lower = code.lowercased()
        let base = lower.prefix(while: { $0.isLetter })
        switch base {
        case "en", "english": self = .english
        case "de", "german", "deutsch": self = .german
        default: return nil
        }
    }
}

extension Language {
    /// The language's name in itself, as the language setting shows it.
    public var nativeName: String {
        switch self {
        case .english: return "English"
        case .german: return "Deutsch"
        }
    }
}

/// Every word the box shows or says, per language: language -> key -> text.
///
/// Texts may hold placeholders in braces (`{minutes}`, `{time}`, `{weekday}`, `{title}`,
/// `{greeting}`) that `format` fills. A key missing in a language falls back to English, then to
/// the key's name, so a lookup never fails.
public struct StringTable: Sendable, Equatable {
    /// The strings.
    public enum Key: String, Sendable, Hashable, CaseIterable {
        /// Idle screen, 17-21 h: "Good evening".
        case goodEvening
        /// Idle screen, 21-05 h: "Ready for sleep?".
        case readyForSleep
        /// Idle screen, otherwise: "Wind down".
        case windDown
        /// Wake greeting before noon: "Good morning".
        case goodMorning
        /// Wake greeting 12-18 h: "Good afternoon".
        case goodAfternoon
        /// Timer knob: "Off".
        case timerOff
        /// Timer knob: "{minutes} min".
        case timerMinutes
        /// Timer knob: "End of content".
        case timerEndOfContent
        /// Message when the timer is cancelled: "Timer off".
        case timerCancelled
        /// Overlay for a mode without content yet: "Coming soon".
        case comingSoon
        /// Message: "Nothing to play".
        case nothingToPlay
        /// Message: "Cannot play this item".
        case unavailable
        /// Message when the system clock could not be set: "Clock not set".
        case clockNotSet
        /// Idle screen, in the greeting's place, while the state folder cannot be written:
        /// "State not saved".
        case stateNotSaved
        /// Idle screen, in the greeting's place, while the library is empty (no content folder
        /// found): "No content found".
        case noContent
        /// Mode name: "Meditation".
        case modeMeditation
        /// Mode name: "Poetry".
        case modePoetry
        /// Spoken: "{greeting}. It is {time} on {weekday}."
        case wakeGreeting
        /// Spoken: "Last night you fell asleep to {title}."
        case wakeLastNight
        /// Timer choice header: "Sleep timer".
        case sleepTimer
        /// Volume overlay: "Volume {percent}%".
        case volumePercent
        /// Now playing, paused: "Paused".
        case paused
        /// Now playing, the timer stops at the end of the item: "end".
        case timerEndShort
        /// Alarm screen: "Alarm".
        case alarm
        /// Alarm screen while snoozed: "Snoozed {time}".
        case snoozed
        /// Alarm screen hint: "hold leaf: off".
        case holdLeafToStop
        /// Alarm screen when the sound device is lost: "No sound!".
        case alarmNoSound
        /// The night light's note: "Night light {percent}%", and "Night light off".
        case nightLightLevel, nightLightOff
        /// The alarm editor's dawn row: "Dawn" (its minutes, or off).
        case dawn
        /// The menu's top level: "Library".
        case library
        /// Menu categories.
        case featuredTonight, continueListening, favorites, yogaNidra, sleepStories, meditations, breathing,
             hypnosis, affirmations, poems, ambient, science
        /// The playing screen's note for a sound that works only through headphones: "Headphones".
        case headphones
        /// The menu row that goes up a level: "Back".
        case back
        /// An empty menu list: "Nothing here yet".
        case nothingHereYet
        /// The empty favourites list: "Add what plays: Library, 2nd row".
        case favoritesHint
        /// A coming-soon item in a list: "soon".
        case soonMark
        /// The library's list of a series (the reactivity series): "Reactivity".
        case reactivitySeries
        /// The part of a series to hear next, in its list: "next".
        case nextPartMark
        /// A sleep story's category, the order of the Sleep stories list and a row of the story's
        /// details: "Fiction", "Nature journeys", "Meditative stories",
        /// "Quiet description".
        case storyFiction, storyNature, storyMeditation, storyAsmr
        /// A menu item's length when it is a sound made for the whole night: "all night".
        case allNight
        /// The breathing guide's steps: "Breathe in", "Hold", "Breathe out", "Rest".
        case breatheIn, breatheHold, breatheOut, breatheRest
        /// The library menu's first row while an item plays or is paused: "Restart {title}". The
        /// action comes first in every language: a long title is cut at the row's end (until the
        /// row is selected and scrolls), and the action must stay in sight.
        case restartItem
        /// The library's row for the item playing: mark it a favourite, or no longer.
        case addFavorite, removeFavorite
        /// The note in the library's title after that row's press: "Favorite added", "Favorite removed".
        case favoriteAdded, favoriteRemoved
        /// The Timers menu and its entries: "Timers", "Meditation timer", "Nap", "Bedtime reminder".
        case timers, meditationTimer, nap, bedtimeReminder
        /// The meditation timer's rows: "Start", "Length", "Sound", "Breathing", "Bell every".
        case startTimer, timerLength, timerSound, breathingGuide, intervalBell
        /// A bed of silence: "Silence".
        case silence
        /// The beds' names: "Rain", "Ocean", "Forest", "White noise", "Pink noise", "Brown noise".
        case soundRain, soundOcean, soundForest, soundWhite, soundPink, soundBrown
        /// A setting switched on: "On" (off is `timerOff`).
        case settingOn
        /// The bedtime reminder's rows: "Reminder", "Time", "Days", "Skip tonight".
        case reminderSwitch, reminderTime, reminderDays, skipTonight
        /// Day sets: "Every day", "Mon-Fri", "Sun-Thu", "Weekends".
        case daysDaily, daysWeekdays, daysSchoolNights, daysWeekends
        /// The bedtime reminder's note: "Time to wind down", "press: later", "hold: skip tonight".
        case windDownNote, reminderLaterHint, reminderSkipHint
        /// Message: "Skipped tonight".
        case skippedTonight
        /// Under the nap's countdown: "Alarm {time}".
        case napAlarmAt
        /// Messages when a timer is stopped by hand: "Meditation ended", "Nap ended".
        case meditationEnded, napEnded
        /// The completion screen: "Well done", "{n} cycles of {pattern}" (one: "1 cycle of
        /// {pattern}"), "Streak: {n} nights" (one: "Streak: 1 night"), and the minutes said aloud.
        case wellDone, completionCycles, completionCycle, completionStreak, completionStreakOne, completionMinutesSpoken,
             completionMinuteSpoken
        /// A guided session's phase on the playing screen: "Opening", "Teaching", "Silence", "Closing".
        case phaseOpening, phaseTeaching, phaseSilence, phaseClosing
        /// The meditation timer's row for how its interval bells sound: "Bell sound", "Short", "Long".
        case bellSound, bellShort, bellLong
        /// The idle screen's next alarm: "{time} · in {hours} h {minutes} min", within the hour
        /// "{time} · in {minutes} min", more than a day away "{weekday} {time}".
        case nextAlarmIn, nextAlarmInHours, nextAlarmInMinutes, nextAlarmOnDay
        /// Skip held on the idle screen: "Skip {weekday} {time}", "{weekday} {time} back on",
        /// "No alarm set".
        case alarmSkipped, alarmBackOn, noAlarmSet
        /// The alarm list and editor: "Alarms", "Alarm {n}", "not set", the rows, the day words.
        case alarms, alarmNumber, notSet, alarmTime, alarmDays, alarmActive, skipNext, wakeSound, rampLength,
             snoozeLength, alarmVolume, save, done, everyDay, weekdaysGroup, weekendGroup, skipMark
        /// "Alarm saved" after the editor's Save.
        case alarmSaved
        /// The wake sounds: "Chime" (the generators' names are the beds' above).
        case soundChime
        /// The settings menu: "Settings" and its rows.
        case settings, clock, display, sound, timeZone, dayBrightness, nightBrightness, nightStarts, nightEnds, screenOff,
             clock24h, captionsSetting, speakMenusSetting, nightVolumeLimit, startVolume, breathingCuesSetting, voiceRate, language, about, dateAndTime
        /// Setting values: "On", "Off", "Never", "Last used", "{rate} wpm".
        case on, off, never, lastUsed, wordsPerMinute
        /// The clock editor: "Date", "Time", and "Clock set" once set.
        case date, time, clockSet
        /// The parts of a date and a time as they are said when the knob moves on to one:
        /// "Year", "Month", "Day", "Hour", "Minute".
        case fieldYear, fieldMonth, fieldDay, fieldHour, fieldMinute
        /// The time zone's list: "Region" (its row, and the regions' title).
        case region
        /// The about screen's rows, and the clock's state when the runner does not say its source.
        case version, freeSpace, clockSource, lastNight, clockSynchronised, clockNotSynchronised, clockFromRTC, clockSetByHand
        /// The nights screens: "Nights" (the menu row and the statistics' title), the columns
        /// ("Week", "30 d"), the rows, "Calendar", the month names, the weekday letters (Monday first).
        case nights, statsWeek, stats30Days, statsNights, statsMinutes, statsSessions, statsStreak, statsLongest, statsBedtime,
             calendar, january, february, march, april, may, june, july, august, september, october, november, december,
             weekdayLetters
        /// Said when the statistics screen is read aloud: "{period}: {nights} nights, {minutes} minutes, {sessions}
        /// sessions, streak {streak}, longest {longest}, bedtime {bedtime}"; "This week", "Last 30 days".
        case statsSpoken, thisWeek, last30Days
        /// The calendar read aloud: "{month}: {count} nights".
        case calendarSpoken
        /// The nights screens (`StringTable+Night.swift`): the all-time column ("All time"), the
        /// minutes of the night under the calendar's cursor ("{minutes} min") and that night said
        /// aloud ("{day} {month}: {minutes} minutes").
        case statsAllTime, calendarMinutes, calendarDaySpoken
        /// The about screen's last night: "{title}, {start} -> {ending}", then ", woke {time}", and
        /// " after {n} snooze(s)"; how the night's last session ended.
        case lastNightLine, lastNightWoke, lastNightSnooze, lastNightSnoozes, endedFinished, endedSleepTimer, endedStopped,
             endedSkipped, endedCrash
        /// The owner's mixes: "My mixes", "New mix", "My mix {n}" (the numbered name), an empty
        /// layer "Sound {n}", "none", "Name", "Delete", the messages after a save or a delete, and
        /// "Choose a sound first" (Save with no layer).
        case myMixes, newMix, myMixNumber, mixLayer, mixNone, mixName, delete, mixSaved, mixDeleted, mixNeedsSound
        /// The mix editor's level row under each sound: "Level".
        case mixLevel
        /// The names a mix may take (`OwnerMix.names`): "Calm", "Deep", "Rain", "Night", "Ocean",
        /// "Forest", "Soft", "Quiet".
        case mixCalm, mixDeep, mixRain, mixNight, mixOcean, mixForest, mixSoft, mixQuiet
        /// 12-hour clock marks.
        case am, pm
        /// The night face (`StringTable+Night.swift`): the setting and its values; the time left
        /// on a press of skip; the time said aloud; a missed alarm; the seek and "later" marks.
        case nightFaceSetting, nightFaceNoClock, nightFaceClock, nightFaceLarge
        case timeLeftPlenty, timeLeftHours, timeLeftHour, timeLeftMinutes
        case spokenTimeNow, spokenAlarmAt, spokenAlarmOnDay, spokenNoAlarm
        case alarmMissed, missedBoxOff, missedClockUnset
        case reminderAgainIn
        /// An item's detail page (`StringTable+Details.swift`): its rows ("Voice: {name}",
        /// "Pattern: {pattern}", "Heard: {percent}%", "Explained in: {title}"), the voices' names,
        /// and a title in another language than the box's in a list ("({code}) {title}").
        case detailVoice, detailPattern, detailHeard, detailExplained
        case voiceNatural, voiceEspeak, voicePiper
        case otherLanguageTitle
        /// Settings > Connect, the companion (`StringTable+Companion.swift`): the page and its rows,
        /// the pairing page, the notices.
        case connect, homeNetwork, pairDevice, forgetDevices, devicesForgotten, devicePaired
        case noNetworkAddress, pairingTimeLeft, codeLapsed, pressForNewCode, drawingCode
        /// Weekday names, long.
        case sunday, monday, tuesday, wednesday, thursday, friday, saturday
        /// Weekday names, short ("Sun", "So").
        case sundayShort, mondayShort, tuesdayShort, wednesdayShort, thursdayShort, fridayShort, saturdayShort
    }

    /// The texts.
    public private(set) var entries: [Language: [Key: String]]

    /// A table of `entries`.
    public init(_ entries: [Language: [Key: String]]) {
        self.entries = entries
    }

    /// One text in English and in German, side by side in the tables (`StringTable+*.swift`), so
    /// that no text is added in one language only.
    struct Texts: Sendable {
        let english: String
        let german: String
        init(_ english: String, _ german: String) {
            self.english = english
            self.german = german
        }
    }

    /// English and German, complete.
    public static let standard: StringTable = {
        let all = texts.merging(nightTexts) { a, _ in a }.merging(sessionTexts) { a, _ in a }.merging(detailTexts) { a, _ in a }
            .merging(companionTexts) { a, _ in a }
        return StringTable([.english: all.mapValues(\.english), .german: all.mapValues(\.german)])
    }()

    /// The text of `key` in `language`, else in English, else the key's name.
    public func text(_ key: Key, in language: Language) -> String {
        entries[language]?[key] ?? entries[.english]?[key] ?? key.rawValue
    }

    /// The text of `key` with each `{name}` replaced by `values[name]`; unknown placeholders stay.
    public func format(_ key: Key, in language: Language, _ values: [String: String]) -> String {
        var result = text(key, in: language)
        for (name, value) in values {
            result = result.replacing("{\(name)}", with: value)
        }
        return result
    }

    /// Sets or replaces one text.
    public mutating func set(_ key: Key, in language: Language, to text: String) {
        entries[language, default: [:]][key] = text
    }

    /// Keys without a text of their own in `language`.
    public func missingKeys(in language: Language) -> [Key] {
        Key.allCases.filter { entries[language]?[$0] == nil }
    }

    /// The name of a weekday counted 1 = Sunday … 7 = Saturday (as `LocalFields.weekday`); other
    /// numbers wrap around.
    /// A month's name (1 = January).
    public func month(_ month: Int, in language: Language) -> String {
        let keys: [Key] = [.january, .february, .march, .april, .may, .june, .july, .august, .september, .october, .november,
                           .december]
        return keys.indices.contains(month - 1) ? text(keys[month - 1], in: language) : String(month)
    }

    public func weekday(_ weekday: Int, in language: Language, short: Bool = false) -> String {
        let long: [Key] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
        let abbreviated: [Key] = [.sundayShort, .mondayShort, .tuesdayShort, .wednesdayShort,
                                  .thursdayShort, .fridayShort, .saturdayShort]
        let index = ((weekday - 1) % 7 + 7) % 7
        return text(short ? abbreviated[index] : long[index], in: language)
    }

    /// The idle screen's greeting for a local hour, by the time of day alone: 05-12 good
    /// morning, 12-17 good afternoon, 17-19 good evening, 19-21 wind down, 21-05 ready for sleep;
    /// and good morning before 05 on a morning an alarm has already rung (`wokenToday`).
    public func idleGreeting(hour: Int, wokenToday: Bool = false, in language: Language) -> String {
        let h = ((hour % 24) + 24) % 24
        switch h {
        case 5..<12: return text(.goodMorning, in: language)
        case 12..<17: return text(.goodAfternoon, in: language)
        case 17..<19: return text(.goodEvening, in: language)
        case 19..<21: return text(.windDown, in: language)
        default: return text(wokenToday ? .goodMorning : .readyForSleep, in: language)
        }
    }

    /// The timer knob's label: "Off", "30 min", "0.5 min", "End of content" (German "Aus",
    /// "30 Min.", "0,5 Min.", "Bis zum Ende").
    public func timerLabel(_ choice: TimerChoice, in language: Language) -> String {
        switch choice {
        case .off:
            return text(.timerOff, in: language)
        case .endOfContent:
            return text(.timerEndOfContent, in: language)
        case .minutes(let minutes):
            var number = minutes == minutes.rounded() && abs(minutes) < 1e9 ? String(Int(minutes)) : String(minutes)
            if language == .german { number = number.replacing(".", with: ",") }
            return format(.timerMinutes, in: language, ["minutes": number])
        }
    }

    /// The name of a mode ("Meditation", "Poetry"; "Off" for off).
    public func modeName(_ mode: Mode, in language: Language) -> String {
        switch mode {
        case .off: return text(.timerOff, in: language)
        case .meditation: return text(.modeMeditation, in: language)
        case .poetry: return text(.modePoetry, in: language)
        }
    }
}
