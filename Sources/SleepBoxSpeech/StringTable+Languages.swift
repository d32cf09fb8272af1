extension StringTable {
    /// English: the words of the core's `Strings`, plus the rest.
    static let english: [Key: String] = [
        .goodEvening: "Good evening",
        .readyForSleep: "Ready for sleep?",
        .windDown: "Wind down",
        .goodMorning: "Good morning",
        .goodAfternoon: "Good afternoon",
        .timerOff: "Off",
        .timerMinutes: "{minutes} min",
        .timerEndOfContent: "End of content",
        .timerCancelled: "Timer off",
        .comingSoon: "Coming soon",
        .nothingToPlay: "Nothing to play",
        .unavailable: "Cannot play this item",
        .modeMeditation: "Meditation",
        .modePoetry: "Poetry",
        .wakeGreeting: "{greeting}. It is {time} on {weekday}.",
        .wakeLastNight: "Last night you fell asleep to {title}.",
        .sunday: "Sunday", .monday: "Monday", .tuesday: "Tuesday", .wednesday: "Wednesday",
        .thursday: "Thursday", .friday: "Friday", .saturday: "Saturday",
        .sundayShort: "Sun", .mondayShort: "Mon", .tuesdayShort: "Tue", .wednesdayShort: "Wed",
        .thursdayShort: "Thu", .fridayShort: "Fri", .saturdayShort: "Sat",
    ]

    /// German (informal "du", as a bedside companion speaks).
    static let german: [Key: String] = [
        .goodEvening: "Guten Abend",
        .readyForSleep: "Bereit zum Schlafen?",
        .windDown: "Zur Ruhe kommen",
        .goodMorning: "Guten Morgen",
        .goodAfternoon: "Guten Tag",
        .timerOff: "Aus",
        .timerMinutes: "{minutes} Min.",
        .timerEndOfContent: "Bis zum Ende",
        .timerCancelled: "Timer aus",
        .comingSoon: "Demnächst",
        .nothingToPlay: "Nichts zum Abspielen",
        .unavailable: "Kann nicht abgespielt werden",
        .modeMeditation: "Meditation",
        .modePoetry: "Gedichte",
        .wakeGreeting: "{greeting}. Es ist {weekday}, {time}.",
        .wakeLastNight: "Letzte Nacht bist du bei {title} eingeschlafen.",
        .sunday: "Sonntag", .monday: "Montag", .tuesday: "Dienstag", .wednesday: "Mittwoch",
        .thursday: "Donnerstag", .friday: "Freitag", .saturday: "Samstag",
        .sundayShort: "So", .mondayShort: "Mo", .tuesdayShort: "Di", .wednesdayShort: "Mi",
        .thursdayShort: "Do", .fridayShort: "Fr", .saturdayShort: "Sa",
    ]
}
