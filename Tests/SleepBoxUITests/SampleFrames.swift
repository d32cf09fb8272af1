import SleepBoxCore

/// A representative frame of every screen, for the bounds tests and the PNG dump.
enum SampleFrames {
    static let timerOptions = ["Off", "15 min", "30 min", "45 min", "60 min", "90 min", "End of content"]

    static let all: [(name: String, frame: DisplayFrame)] = [
        ("idle-evening", DisplayFrame(screen: .idle(IdleScreen(
            greeting: "Good evening", hour: 22, minute: 47, nextAlarm: "Mon 06:45", timerRemaining: 1500)))),
        ("idle-unset", DisplayFrame(screen: .idle(IdleScreen(
            greeting: "Ready for sleep?", hour: 0, minute: 3, nextAlarm: nil, timerRemaining: nil, clockUnset: true)))),
        ("idle-timer-only", DisplayFrame(screen: .idle(IdleScreen(
            greeting: "Wind down", hour: 23, minute: 10, nextAlarm: nil, timerRemaining: 5400)))),
        ("idle-alarm-only", DisplayFrame(screen: .idle(IdleScreen(
            greeting: "Good evening", hour: 21, minute: 5, nextAlarm: "Tue 07:30", timerRemaining: nil)))),
        ("playing-meditation", DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .meditation, title: "Body Scan", elapsed: 185, duration: 960, isPaused: false,
            timerRemaining: 2700, stopsAtEnd: false)))),
        ("playing-meditation-long", DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .meditation, title: "Yoga Nidra for Deep Sleep and Restful Nights", elapsed: 30, duration: 120,
            isPaused: false, timerRemaining: 5400, stopsAtEnd: false)))),
        ("playing-poetry-paused", DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .poetry, title: "The Love Song of J. Alfred Prufrock and Other Observations", elapsed: 3725,
            duration: 5400, isPaused: true, timerRemaining: nil, stopsAtEnd: true)))),
        ("playing-poetry-no-timer", DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .poetry, title: "Ode to a Nightingale", elapsed: 0, duration: 0, isPaused: false,
            timerRemaining: nil, stopsAtEnd: false)))),
        ("playing-story", DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .meditation, title: "The Lighthouse Keeper", elapsed: 410, duration: 1380, isPaused: false,
            timerRemaining: 1800, stopsAtEnd: false, kind: .story)))),
        ("playing-captions", DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .meditation, title: "The Lighthouse Keeper's Evening", elapsed: 23, duration: 646, isPaused: false,
            timerRemaining: 899, stopsAtEnd: false, kind: .story,
            caption: "In the late afternoon, she sits at the kitchen table with the window open an inch,")))),
        ("playing-captions-paused", DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .meditation, title: "Body Scan", elapsed: 3725, duration: 5400, isPaused: true,
            timerRemaining: 120, stopsAtEnd: true, kind: .meditation, caption: "Let your shoulders soften.")))),
        ("playing-captions-pause-between", DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .poetry, title: "Sea-Fever", elapsed: 12, duration: 65, isPaused: false,
            timerRemaining: nil, stopsAtEnd: false, kind: .poem, caption: "")))),
        ("playing-yoga-nidra", DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .meditation, title: "Yoga Nidra", elapsed: 410, duration: 1380, isPaused: false,
            timerRemaining: nil, stopsAtEnd: false, kind: .yogaNidra)))),
        ("playing-breathing", DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .meditation, title: "4-7-8 Breathing", elapsed: 10, duration: 300, isPaused: false,
            timerRemaining: nil, stopsAtEnd: false, kind: .breathing)))),
        ("playing-hypnosis", DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .meditation, title: "Sleep Hypnosis", elapsed: 10, duration: 300, isPaused: false,
            timerRemaining: nil, stopsAtEnd: false, kind: .hypnosis)))),
        ("playing-affirmation", DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .meditation, title: "Affirmations", elapsed: 10, duration: 300, isPaused: false,
            timerRemaining: nil, stopsAtEnd: false, kind: .affirmation)))),
        ("playing-ambient", DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .meditation, title: "Rain on a Roof", elapsed: 10, duration: 0, isPaused: false,
            timerRemaining: nil, stopsAtEnd: false, kind: .ambient)))),
        ("timer-choice-middle", DisplayFrame(screen: .timerChoice(TimerChoiceScreen(options: timerOptions, selected: 3)))),
        ("timer-choice-first", DisplayFrame(screen: .timerChoice(TimerChoiceScreen(options: timerOptions, selected: 0)))),
        ("timer-choice-last", DisplayFrame(screen: .timerChoice(TimerChoiceScreen(options: timerOptions, selected: 6)))),
        ("volume-55", DisplayFrame(screen: .volume(percent: 55))),
        ("volume-0", DisplayFrame(screen: .volume(percent: 0))),
        ("volume-100", DisplayFrame(screen: .volume(percent: 100))),
        ("alarm-ringing", DisplayFrame(screen: .alarm(AlarmScreen(
            hour: 6, minute: 45, isSnoozed: false, snoozeRemaining: nil, isGreeting: false)))),
        ("alarm-snoozed", DisplayFrame(screen: .alarm(AlarmScreen(
            hour: 6, minute: 51, isSnoozed: true, snoozeRemaining: 299, isGreeting: false)))),
        ("alarm-greeting", DisplayFrame(screen: .alarm(AlarmScreen(
            hour: 7, minute: 0, isSnoozed: false, snoozeRemaining: nil, isGreeting: true)))),
        ("transition-0", DisplayFrame(screen: .transition(litDot: 0))),
        ("transition-1", DisplayFrame(screen: .transition(litDot: 1))),
        ("transition-2", DisplayFrame(screen: .transition(litDot: 2))),
        ("coming-soon", DisplayFrame(screen: .comingSoon(title: "Yoga Nidra for Beginners"))),
        ("coming-soon-short", DisplayFrame(screen: .comingSoon(title: "Poetry"))),
        ("message", DisplayFrame(screen: .message("Timer off"))),
        ("message-clock-not-set", DisplayFrame(screen: .message("Clock not set"))),
        ("message-clock-not-set-de", DisplayFrame(screen: .message("Uhr nicht gestellt"))),
        ("message-long", DisplayFrame(screen: .message("Alarm set for Mon 06:45. Sleep well, see you in the morning!"))),
        ("menu-library", DisplayFrame(screen: .menu(MenuScreen(title: "Library", rows: libraryRows, selected: 2)))),
        ("menu-library-scrolled", DisplayFrame(screen: .menu(MenuScreen(title: "Library", rows: libraryRows, selected: 5)))),
        ("menu-list", DisplayFrame(screen: .menu(MenuScreen(title: "Meditations", rows: meditationRows, selected: 1)))),
        ("menu-list-soon", DisplayFrame(screen: .menu(MenuScreen(title: "Meditations", rows: meditationRows, selected: 4)))),
        ("menu-empty", DisplayFrame(screen: .menu(MenuScreen(
            title: "Favorites", rows: [MenuRow(kind: .back, label: "Back")], selected: 0,
            hint: "Hold the knob on an item to add it")))),
        ("menu-german", DisplayFrame(screen: .menu(MenuScreen(title: "Bibliothek", rows: [
            MenuRow(kind: .category, label: "Für heute Abend", detail: "5"),
            MenuRow(kind: .category, label: "Weiterhören", detail: "2"),
            MenuRow(kind: .category, label: "Einschlafgeschichten", detail: "12"),
            MenuRow(kind: .category, label: "Klänge", detail: "6"),
        ], selected: 1)), language: .german)),
        ("breathing-in", DisplayFrame(screen: .breathing(BreathingScreen(
            title: "4-7-8 Breathing", step: .inhale, label: "Breathe in", fullness: 0.5, secondsLeft: 2, cycle: 3,
            cycles: 8, isPaused: false, timerRemaining: 1500)))),
        ("breathing-hold", DisplayFrame(screen: .breathing(BreathingScreen(
            title: "4-7-8 Breathing", step: .hold, label: "Hold", fullness: 1, secondsLeft: 7, cycle: 3,
            cycles: 8, isPaused: false, timerRemaining: nil)))),
        ("breathing-out", DisplayFrame(screen: .breathing(BreathingScreen(
            title: "4-7-8 Breathing", step: .exhale, label: "Breathe out", fullness: 0.1, secondsLeft: 1, cycle: 10,
            cycles: 12, isPaused: false, timerRemaining: 5400)))),
        ("breathing-paused", DisplayFrame(screen: .breathing(BreathingScreen(
            title: "Box Breathing", step: .rest, label: "Rest", fullness: 0, secondsLeft: 4, cycle: 1,
            cycles: 6, isPaused: true, timerRemaining: 600)))),
        ("breathing-german", DisplayFrame(screen: .breathing(BreathingScreen(
            title: "Atmung", step: .exhale, label: "Ausatmen", fullness: 0.7, secondsLeft: 5, cycle: 2,
            cycles: 8, isPaused: false, timerRemaining: 900)), language: .german)),
        ("timer-choice-german", DisplayFrame(screen: .timerChoice(TimerChoiceScreen(
            options: ["Aus", "15 Min.", "30 Min.", "Bis zum Ende"], selected: 1)), language: .german)),
        ("volume-german", DisplayFrame(screen: .volume(percent: 55), language: .german)),
        ("playing-german-paused", DisplayFrame(screen: .nowPlaying(NowPlayingScreen(
            mode: .meditation, title: "Körperreise", elapsed: 185, duration: 960, isPaused: true,
            timerRemaining: 2700, stopsAtEnd: true)), language: .german)),
        ("alarm-snoozed-german", DisplayFrame(screen: .alarm(AlarmScreen(
            hour: 6, minute: 51, isSnoozed: true, snoozeRemaining: 299, isGreeting: false)), language: .german)),
        ("coming-soon-german", DisplayFrame(screen: .comingSoon(title: "Gedichte"), language: .german)),
        ("meditation-timer", DisplayFrame(screen: .meditationTimer(TimerSessionScreen(
            title: "Meditation timer", remaining: 3600, note: "Pink noise")))),
        ("meditation-timer-breathing", DisplayFrame(screen: .meditationTimer(TimerSessionScreen(
            title: "Meditation timer", remaining: 874, note: "Rain", breath: BreathingScreen(
                title: "Meditation timer", step: .hold, label: "Hold", fullness: 1, secondsLeft: 7, cycle: 3,
                cycles: 31, isPaused: false, timerRemaining: 874))))),
        ("nap", DisplayFrame(screen: .nap(TimerSessionScreen(title: "Nap", remaining: 1199, note: "Alarm 15:20")))),
        ("nap-german", DisplayFrame(screen: .nap(TimerSessionScreen(title: "Nickerchen", remaining: 600, note: "Wecken 15:20")),
                                    language: .german)),
        ("reminder", DisplayFrame(screen: .reminder(ReminderScreen(
            text: "Time to wind down", hour: 22, minute: 0, laterHint: "press: later", skipHint: "hold: skip tonight")))),
        ("reminder-german", DisplayFrame(screen: .reminder(ReminderScreen(
            text: "Zeit, zur Ruhe zu kommen", hour: 22, minute: 0, laterHint: "Drücken: später",
            skipHint: "Halten: heute nicht")), language: .german)),
        ("menu-timers-editing", DisplayFrame(screen: .menu(MenuScreen(title: "Meditation timer", rows: [
            MenuRow(kind: .back, label: "Back"), MenuRow(kind: .action, label: "Start", detail: "10 min"),
            MenuRow(kind: .setting, label: "Length", detail: "10 min"),
            MenuRow(kind: .setting, label: "Sound", detail: "< Brown noise >", isEditing: true),
            MenuRow(kind: .setting, label: "Breathing", detail: "4-7-8"),
        ], selected: 3)))),
        ("menu-restart", DisplayFrame(screen: .menu(MenuScreen(title: "Library", rows: [
            MenuRow(kind: .action, label: "Restart Letting Go of the Day, Slowly and Kindly"),
        ] + libraryRows, selected: 0)))),
    ]

    /// A month with most nights counted, runs of them side by side and under one another. Not in
    /// `all`: a month of six weeks fills the panel to its last row (today's underline is there),
    /// so it keeps no margin for the burn-in shift; it is a golden frame (`GoldenFrameTests`).
    static let markedCalendar = CalendarScreen(
        title: "Nov 2026", weekdays: ["M", "T", "W", "T", "F", "S", "S"], firstWeekday: 7, days: 30,
        marked: [1, 2, 3, 4, 6, 7, 9, 10, 11, 14, 15, 16, 17, 19, 21, 23, 24, 25, 26, 27, 29, 30], today: 30,
        hasEarlier: false, hasLater: true, cursor: 16, cursorText: "1234 min", monthName: "November 2026")

    /// The library's top level.
    static let libraryRows: [MenuRow] = [
        ("Featured tonight", "5"), ("Continue listening", "2"), ("Favorites", "3"), ("Yoga nidra", "4"),
        ("Sleep stories", "12"), ("Meditations", "9"), ("Breathing", "3"), ("Hypnosis", "0"),
        ("Affirmations", "2"), ("Poems", "7"), ("Ambient", "6"),
    ].map { MenuRow(kind: .category, label: $0.0, detail: $0.1) }

    /// A category's list: back, a favourite, a long title, one begun, two coming soon.
    static let meditationRows: [MenuRow] = [
        MenuRow(kind: .back, label: "Back"),
        MenuRow(kind: .item, label: "Body Scan", detail: "16 min", isFavorite: true),
        MenuRow(kind: .item, label: "Letting Go of the Day, Slowly and Kindly", detail: "24 min"),
        MenuRow(kind: .item, label: "Evening Calm", detail: "40%"),
        MenuRow(kind: .item, label: "Moonlight Walk", detail: "soon", isAvailable: false),
        MenuRow(kind: .item, label: "Ocean Breath", detail: "soon", isFavorite: true, isAvailable: false),
    ]
}
