extension StringTable {
    /// English: the completion screen at the end of a practice, a guided session's phases, the
    /// interval bells' sound.
    static let englishSession: [Key: String] = [
        .wellDone: "Well done", .completionCycles: "{n} cycles of {pattern}", .completionCycle: "1 cycle of {pattern}",
        .completionStreak: "Streak: {n} nights", .completionStreakOne: "Streak: 1 night",
        .completionMinutesSpoken: "{minutes} minutes", .completionMinuteSpoken: "1 minute",
        .phaseOpening: "Opening", .phaseTeaching: "Teaching", .phaseSilence: "Silence", .phaseClosing: "Closing",
        .bellSound: "Bell sound", .bellShort: "Short", .bellLong: "Long",
    ]

    /// German.
    static let germanSession: [Key: String] = [
        .wellDone: "Gut gemacht", .completionCycles: "{n} Zyklen {pattern}", .completionCycle: "1 Zyklus {pattern}",
        .completionStreak: "Serie: {n} Nächte", .completionStreakOne: "Serie: 1 Nacht",
        .completionMinutesSpoken: "{minutes} Minuten", .completionMinuteSpoken: "1 Minute",
        .phaseOpening: "Beginn", .phaseTeaching: "Lehre", .phaseSilence: "Stille", .phaseClosing: "Ausklang",
        .bellSound: "Glockenton", .bellShort: "Kurz", .bellLong: "Lang",
    ]
}
